import type { FastifyPluginAsync } from 'fastify';
import type { PresentUser } from '../accounts/present.ts';
import { parseBody } from '../accounts/validation.ts';
import { currentUser, type Guard } from './guard.ts';
import {
  changePasswordBody,
  emailBody,
  loginBody,
  logoutBody,
  phoneBody,
  phoneCodeBody,
  refreshBody,
  registerBody,
  resetByCodeBody,
  resetByTokenBody,
  verifyEmailBody,
  verifyPhoneBody,
} from './schemas.ts';
import type { AuthService } from './service.ts';

const CODE_SENT_BY_SMS = 'Код отправлен по SMS';
const PASSWORD_CHANGED = 'Пароль успешно изменен';

export interface AuthRouteOptions {
  auth: AuthService;
  guard: Guard;
  presentUser: PresentUser;
}

/** /api/auth/*: parse, call the service, shape the answer. */
export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (app, { auth, guard: signedIn, presentUser }) => {
  app.post('/auth/register', async (request, reply) => {
    const body = parseBody(registerBody, request.body);
    const user = await auth.register(body, request.ip);
    return reply.status(201).send({ ...presentUser(user), detail: 'Код подтверждения отправлен на ваш email' });
  });

  app.post('/auth/login', async (request) => {
    const { email, password } = parseBody(loginBody, request.body);
    const { tokens, user } = await auth.login(email, password, request.ip);
    return { ...tokens, user: presentUser(user) };
  });

  app.post('/auth/login/phone', async (request) => {
    const { phone } = parseBody(phoneBody, request.body);
    await auth.requestPhoneLogin(phone, request.ip);
    return { detail: CODE_SENT_BY_SMS };
  });

  app.post('/auth/login/phone/verify', async (request) => {
    const { phone, code } = parseBody(phoneCodeBody, request.body);
    const { tokens, user } = await auth.verifyPhoneLogin(phone, code, request.ip);
    return { ...tokens, user: presentUser(user) };
  });

  app.post('/auth/verify-email', async (request) => {
    const { code, email } = parseBody(verifyEmailBody, request.body);
    await auth.verifyEmail(code, email, request.ip);
    return { detail: 'Email успешно подтвержден' };
  });

  app.post('/auth/verify-phone', { preHandler: signedIn }, async (request) => {
    const { code } = parseBody(verifyPhoneBody, request.body);
    await auth.verifyPhone(code, currentUser(request), request.ip);
    return { detail: 'Телефон успешно подтвержден' };
  });

  app.post('/auth/resend-verification-code', async (request) => {
    const { email } = parseBody(emailBody, request.body);
    await auth.resendEmailCode(email, request.ip);
    return { detail: 'Новый код отправлен' };
  });

  // The code goes to the signed-in owner's own phone; a phone in the body (the spec's client sends one) is not used.
  app.post('/auth/resend-phone-verification-code', { preHandler: signedIn }, async (request) => {
    await auth.resendPhoneCode(currentUser(request), request.ip);
    return { detail: 'Новый код отправлен' };
  });

  app.post('/auth/reset-password', async (request) => {
    const { email } = parseBody(emailBody, request.body);
    await auth.requestPasswordReset(email, request.ip);
    return { detail: 'Инструкции по восстановлению пароля отправлены на ваш email' };
  });

  app.post('/auth/request-password-reset-code', async (request) => {
    const { phone } = parseBody(phoneBody, request.body);
    await auth.requestPasswordResetCode(phone, request.ip);
    return { detail: CODE_SENT_BY_SMS };
  });

  app.post('/auth/reset-password/confirm', async (request) => {
    const raw = request.body;
    const byToken = !!raw && typeof raw === 'object' && !Array.isArray(raw) && 'token' in raw;
    if (byToken) {
      const body = parseBody(resetByTokenBody, raw);
      await auth.resetByToken(body.token, body.new_password, request.ip);
    } else {
      const body = parseBody(resetByCodeBody, raw);
      await auth.resetByCode(body.phone, body.code, body.new_password, request.ip);
    }
    return { detail: PASSWORD_CHANGED };
  });

  app.post('/auth/token/refresh', async (request) => {
    const { refresh } = parseBody(refreshBody, request.body);
    return auth.sessions.refresh(refresh);
  });

  app.post('/auth/logout', async (request) => {
    const { refresh } = parseBody(logoutBody, request.body);
    if (typeof refresh === 'string' && refresh.length <= 4096) await auth.sessions.end(refresh);
    return {};
  });

  app.put('/auth/change-password', { preHandler: signedIn }, async (request) => {
    const body = parseBody(changePasswordBody, request.body);
    const tokens = await auth.changePassword(currentUser(request), body.old_password, body.new_password);
    return { detail: PASSWORD_CHANGED, ...tokens };
  });
};
