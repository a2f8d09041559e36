import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_KINDS } from '../../../contract/media.ts';
import { timelineBucketSchema } from '../../../contract/timeline.ts';
import type { MediaServices } from '../services.ts';
import { currentUser, type Guard } from '../../auth/guard.ts';
import { MEDIA_KINDS as KINDS } from '../kinds.ts';
import { sendList } from '../records/list-reply.ts';
import { bucketsQuery } from '../schemas.ts';
import { othersKey, type OtherOwners } from '../records/others.ts';

export interface TimelineRouteOptions {
  media: MediaServices;
  guard: Guard;
  /** Who adds their items to a viewer's timeline with `?with_partners=1` (partners); none when absent. */
  others?: OtherOwners;
}

/** The buckets as the server writes them: the contract's fields and no other. */
const bucketsWire = z.array(z.strictObject(timelineBucketSchema.shape));

/**
 * GET /api/media/{kind}/buckets/?tz=…: the months of the kind's timeline with their counts, newest first
 * (contract/timeline.ts), of the favourites only with ?favorite=1; a month's records come from the
 * list's ?month= (and ?favorite=1); with ?with_partners=1, the months of the partners' items counted in.
 * Kept ready like the lists
 * (per user, kind, zone and media version; no URLs inside), sent the same way.
 */
export const timelineRoutes: FastifyPluginAsyncZod<TimelineRouteOptions> = async (app, { media, guard, others }) => {
  for (const name of MEDIA_KINDS) {
    const kind = KINDS[name];
    app.get(`/media/${name}/buckets`, { preValidation: guard, schema: { querystring: bucketsQuery } }, async (request, reply) => {
      const user = currentUser(request);
      const { tz } = request.query;
      const favoritesOnly = request.query.favorite === true;
      const withOthers = request.query.with_partners === true && !favoritesOnly;
      const sources = withOthers && others ? await others.of(user.id, name) : [];
      const keyed = withOthers ? othersKey(sources, user.media_version) : { view: '', version: user.media_version };
      const owners = [user.id, ...sources.map((o) => o.id)];
      const entry = await media.lists.get(
        {
          userId: user.id,
          kind: favoritesOnly ? `${name}:favorite` : name,
          view: `buckets:${tz}${keyed.view && `|${keyed.view}`}`,
          version: keyed.version,
          window: 0,
        },
        async () => JSON.stringify(bucketsWire.encode(await media.timeline.buckets(owners, kind, tz, favoritesOnly))),
      );
      return sendList(request, reply, entry);
    });
  }
};
