import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { currentUser, type Guard } from '../../auth/guard.ts';
import { personName } from '../../accounts/person.ts';
import type { MediaPathSigner } from '../../media/files/signing.ts';
import type { AlbumView } from '../repository.ts';
import { albumUrls, type AlbumUrls } from '../urls.ts';
import type { MemberRow } from './repository.ts';
import { albumIdParams, inviteBody, memberParams, memberWire, roleBody, type MemberWire } from './schemas.ts';
import type { AlbumMembers } from './service.ts';

export interface MemberRouteOptions {
  members: AlbumMembers;
  guard: Guard;
  paths: MediaPathSigner;
  secretKey: string;
  clock: Clock;
}

/**
 * /api/albums/{id}/members/ (the owner and the members; POST invites by e-mail), /api/albums/{id}/members/{user_id}/
 * (PATCH the role, DELETE removes) and /api/albums/{id}/members/me/ (DELETE: leave).
 */
export const albumMemberRoutes: FastifyPluginAsyncZod<MemberRouteOptions> = async (app, { members, guard, paths, secretKey, clock }) => {
  const urlsOf = (viewerId: number, view: AlbumView) =>
    albumUrls(paths, secretKey, clock.now(), viewerId, view, view.role === 'owner' ? { role: 'owner', membershipId: null } : view);

  app.get(
    '/albums/:id/members',
    { preValidation: guard, schema: { params: albumIdParams, response: { 200: z.array(memberWire) } } },
    async (request) => {
      const viewerId = currentUser(request).id;
      const { view, members: rows } = await members.list(viewerId, request.params.id);
      const urls = urlsOf(viewerId, view);
      const owner: MemberWire = {
        user: {
          id: view.owner.id,
          name: personName(view.owner),
          photo_url: urls.face(view.owner.id, view.owner.photo_key),
          email: null,
        },
        role: 'owner',
        added_at: view.created_at,
      };
      if (view.role === 'owner') owner.user.email = currentUser(request).email;
      return [owner, ...rows.map((row) => memberJson(row, viewerId, view, urls))];
    },
  );

  app.post(
    '/albums/:id/members',
    { preValidation: guard, schema: { params: albumIdParams, body: inviteBody, response: { 201: memberWire } } },
    async (request, reply) => {
      const viewerId = currentUser(request).id;
      const { view, member } = await members.invite(viewerId, request.params.id, request.body.email, request.body.role);
      return reply.status(201).send(memberJson(member, viewerId, view, urlsOf(viewerId, view)));
    },
  );

  // Before /members/:user, so that `me` is never read as an id.
  app.delete(
    '/albums/:id/members/me',
    { preValidation: guard, schema: { params: albumIdParams, response: { 204: z.void() } } },
    async (request, reply) => {
      await members.leave(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/albums/:id/members/:user',
    { preValidation: guard, schema: { params: memberParams, body: roleBody, response: { 200: memberWire } } },
    async (request) => {
      const viewerId = currentUser(request).id;
      const { view, member } = await members.setRole(viewerId, request.params.id, request.params.user, request.body.role);
      return memberJson(member, viewerId, view, urlsOf(viewerId, view));
    },
  );

  app.delete(
    '/albums/:id/members/:user',
    { preValidation: guard, schema: { params: memberParams, response: { 204: z.void() } } },
    async (request, reply) => {
      await members.remove(currentUser(request).id, request.params.id, request.params.user);
      return reply.status(204).send();
    },
  );
};

/** A member as the viewer sees them: the e-mail only to the album's owner and to the member themselves. */
function memberJson(row: MemberRow, viewerId: number, view: AlbumView, urls: AlbumUrls): MemberWire {
  const { user } = row;
  return {
    user: {
      id: user.id,
      name: personName(user),
      photo_url: urls.face(user.id, user.photo_key),
      email: view.role === 'owner' || user.id === viewerId ? user.email : null,
    },
    role: row.role,
    added_at: row.created_at,
  };
}
