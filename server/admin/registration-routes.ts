import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registration } from './registration.ts';
import { inviteCheckAnswer, inviteCheckBody, registrationStatusAnswer } from './schemas.ts';

export interface RegistrationRouteOptions {
  registration: Registration;
}

/**
 * The public side of registration, for the register screen to say what applies before the form is filled:
 * the mode (an empty server is open: its first account is the admin), and whether an invitation link
 * still works (its token in the body: it came from the page's fragment, never a URL).
 */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRouteOptions> = async (app, { registration }) => {
  app.get('/auth/registration', { schema: { summary: 'Who may sign up now', response: { 200: registrationStatusAnswer } } }, async () => {
    return { mode: await registration.publicMode() };
  });

  app.post(
    '/auth/registration/invite',
    {
      schema: {
        summary: 'Whether an invitation link still works, and for which address',
        body: inviteCheckBody,
        response: { 200: inviteCheckAnswer },
      },
    },
    (request) => registration.checkInvite(request.body.invite, request.ip),
  );
};
