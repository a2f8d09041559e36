import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresentUser } from '../accounts/present.ts';
import { currentUser } from '../auth/guard.ts';
import { ApiError, detailError } from '../http/errors.ts';
import type { UploadForm } from '../http/upload-form.ts';
import { revalidate } from '../http/revalidate.ts';
import { rememberingSerializer } from '../http/schema-compilers.ts';
import { StorageUnavailable } from '../storage/storage.ts';
import { avatarTooLarge } from './avatar.ts';
import { patchAnswer, profilePatchBody, userAnswer } from './schemas.ts';
import type { ProfileService } from './service.ts';

const NO_FILE = 'Файл не был отправлен.';

/** The avatar's form: one image in `photo`. */
const AVATAR_FORM: UploadForm = { file: 'photo', fileDescription: 'An image; kept as a WebP of at most 512×512, without its metadata' };

export interface ProfileRouteOptions {
  profile: ProfileService;
  presentUser: PresentUser;
  /** Largest avatar upload, in bytes. */
  avatarLimit: number;
}

/** /api/auth/profile/* and account deletion. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRouteOptions> = async (app, { profile, presentUser, avatarLimit }) => {
  // The most frequent request of all (every page load, every token refresh), and its answer rarely changes: an
  // answer written before is not encoded again (rememberingSerializer). It stays no-store (the browser keeps no
  // copy of the account), with an ETag: the app sends the one it remembers, and an unchanged profile is a 304.
  app.get(
    '/auth/profile',
    {
      onSend: revalidate('no-store'),
      schema: { response: { 200: userAnswer } },
      serializerCompiler: rememberingSerializer(),
    },
    async (request) => presentUser(currentUser(request)),
  );

  app.patch('/auth/profile', { schema: { body: profilePatchBody, response: { 200: patchAnswer } } }, async (request) => {
    const user = currentUser(request);
    // Edits are JSON (or a form); a multipart body here is a client mistake, not an empty edit.
    if (request.isMultipart()) throw detailError(415, 'Неподдерживаемый тип содержимого запроса.');
    const body = request.body;
    if (body.action === 'delete') {
      const hard = String(request.headers['x-hard-delete'] ?? '').toLowerCase() === 'true';
      const action = String(request.headers['x-delete-action'] ?? '').toLowerCase() === 'delete-account';
      if (!hard || !action) {
        throw detailError(400, 'Для удаления аккаунта нужны заголовки X-Hard-Delete: true и X-Delete-Action: delete-account.');
      }
      await profile.deleteAccount(user, body.password);
      return { detail: 'Аккаунт удален' };
    }
    const edit = { first_name: body.first_name, last_name: body.last_name, phone: body.phone };
    return presentUser(await profile.update(user, edit, body.password, request.ip));
  });

  // The avatar streams: its body is read by the handler (request.file), not by a schema.
  app.post('/auth/profile/photo', { config: { upload: AVATAR_FORM }, schema: { response: { 200: userAnswer } } }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new ApiError(400, { photo: [NO_FILE] });
    const limit = avatarLimit;
    let updated;
    try {
      const part = await request.file({ limits: { fileSize: limit + 1 } });
      if (!part || part.fieldname !== 'photo') {
        part?.file.resume();
        throw new ApiError(400, { photo: [NO_FILE] });
      }
      updated = await profile.setAvatar(user, part.file);
    } catch (err) {
      // Ours, and the storage's (503): never to be mistaken for a broken form by the checks below.
      if (err instanceof ApiError || err instanceof StorageUnavailable) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge(limit);
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) throw new ApiError(status, { detail: 'Некорректный multipart-запрос.' });
      // busboy's "Unexpected end of form" and friends: a broken upload, not a server fault.
      if (err instanceof Error && !('statusCode' in err) && /form|multipart|boundary|part/i.test(err.message)) {
        throw new ApiError(400, { detail: 'Некорректный multipart-запрос.' });
      }
      throw err;
    }
    return presentUser(updated);
  });

  app.delete('/auth/profile/photo', { schema: { response: { 200: userAnswer } } }, async (request) => {
    return presentUser(await profile.removeAvatar(currentUser(request)));
  });
};
