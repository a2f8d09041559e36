import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresentUser } from '../accounts/present.ts';
import { currentUser } from './guard.ts';
import {
  changePasswordBody,
  detailAnswer,
  emailBody,
  emptyAnswer,
  loginBody,
  logoutBody,
  passwordChangedAnswer,
  phoneBody,
  phoneCodeBody,
  refreshBody,
  registerBody,
  registeredAnswer,
  resetConfirmBody,
  signInAnswerSchema,
  tokenPairAnswer,
  verifyEmailBody,
  verifyPhoneBody,
} from './schemas.ts';
import type { AuthService } from './service.ts';
import { sessionMeta, signInAnswer } from './sign-in.ts';

const CODE_SENT_BY_SMS = 'Код отправлен по SMS';
const PASSWORD_CHANGED = 'Пароль успешно изменен';
const NEW_CODE_SENT = 'Новый код отправлен';

export interface AuthRouteOptions {
  auth: AuthService;
  presentUser: PresentUser;
}

/**
 * /api/auth/*: signing up, signing in, codes, resets and tokens, all public. The schemas check the input, the
 * service does the work, the answer is shaped here.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { auth, presentUser }) => {
  const detail = { 200: detailAnswer };

  app.post('/auth/register', { schema: { body: registerBody, response: { 201: registeredAnswer } } }, async (request, reply) => {
    const user = await auth.register(request.body, request.ip);
    return reply.status(201).send({ ...presentUser(user), detail: 'Код подтверждения отправлен на ваш email' });
  });

  app.post('/auth/login', { schema: { body: loginBody, response: { 200: signInAnswerSchema } } }, async (request) => {
    const { email, password } = request.body;
    return signInAnswer(presentUser, await auth.login(email, password, request.ip, sessionMeta(request)));
  });

  app.post('/auth/login/phone', { schema: { body: phoneBody, response: detail } }, async (request) => {
    await auth.requestPhoneLogin(request.body.phone, request.ip);
    return { detail: CODE_SENT_BY_SMS };
  });

  app.post('/auth/login/phone/verify', { schema: { body: phoneCodeBody, response: { 200: signInAnswerSchema } } }, async (request) => {
    const { phone, code } = request.body;
    return signInAnswer(presentUser, await auth.verifyPhoneLogin(phone, code, request.ip, sessionMeta(request)));
  });

  app.post('/auth/verify-email', { schema: { body: verifyEmailBody, response: detail } }, async (request) => {
    await auth.verifyEmail(request.body.code, request.body.email, request.ip);
    return { detail: 'Email успешно подтвержден' };
  });

  app.post('/auth/resend-verification-code', { schema: { body: emailBody, response: detail } }, async (request) => {
    await auth.resendEmailCode(request.body.email, request.ip);
    return { detail: NEW_CODE_SENT };
  });

  app.post('/auth/reset-password', { schema: { body: emailBody, response: detail } }, async (request) => {
    await auth.requestPasswordReset(request.body.email, request.ip);
    return { detail: 'Инструкции по восстановлению пароля отправлены на ваш email' };
  });

  app.post('/auth/request-password-reset-code', { schema: { body: phoneBody, response: detail } }, async (request) => {
    await auth.requestPasswordResetCode(request.body.phone, request.ip);
    return { detail: CODE_SENT_BY_SMS };
  });

  app.post('/auth/reset-password/confirm', { schema: { body: resetConfirmBody, response: detail } }, async (request) => {
    const body = request.body;
    if (body.by === 'link') await auth.resetByToken(body.token, body.new_password, request.ip);
    else await auth.resetByCode(body.phone, body.code, body.new_password, request.ip);
    return { detail: PASSWORD_CHANGED };
  });

  app.post('/auth/token/refresh', { schema: { body: refreshBody, response: { 200: tokenPairAnswer } } }, async (request) => {
    return auth.sessions.refresh(request.body.refresh);
  });

  app.post('/auth/logout', { schema: { body: logoutBody, response: { 200: emptyAnswer } } }, async (request) => {
    const { refresh } = request.body;
    if (typeof refresh === 'string' && refresh.length <= 4096) await auth.sessions.end(refresh);
    return {};
  });
};

/** The signed-in owner's own steps under /api/auth/: confirming their phone, its code again, a new password. */
export const authOwnerRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { auth }) => {
  const detail = { 200: detailAnswer };

  app.post('/auth/verify-phone', { schema: { body: verifyPhoneBody, response: detail } }, async (request) => {
    await auth.verifyPhone(request.body.code, currentUser(request), request.ip);
    return { detail: 'Телефон успешно подтвержден' };
  });

  // The code goes to the signed-in owner's own phone; a phone in the body (the spec's client sends one) is not used.
  app.post('/auth/resend-phone-verification-code', { schema: { response: detail } }, async (request) => {
    await auth.resendPhoneCode(currentUser(request), request.ip);
    return { detail: NEW_CODE_SENT };
  });

  app.put('/auth/change-password', { schema: { body: changePasswordBody, response: { 200: passwordChangedAnswer } } }, async (request) => {
    const { old_password, new_password } = request.body;
    const tokens = await auth.changePassword(currentUser(request), request.sessionId, old_password, new_password, sessionMeta(request));
    return { detail: PASSWORD_CHANGED, ...tokens };
  });
};
