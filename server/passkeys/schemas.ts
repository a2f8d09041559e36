import { z } from 'zod';
import { tokenPairSchema } from '../../contract/account.ts';
import { PASSKEY_NAME_MAX, passkeySchema } from '../../contract/sign-in-ways.ts';
import { userWire } from '../accounts/user-json.ts';
import { passwordField } from '../accounts/validation.ts';
import { BLANK } from '../http/validation.ts';

/** Request bodies and answers of /api/auth/passkeys/*. The browser's answers keep the fields the library reads. */

const b64url = (max: number) => z.string().min(1, BLANK).max(max);
const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(65536),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(8)
      .optional(),
  }),
});

export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(8192),
    signature: b64url(1024),
    userHandle: z.string().max(512).optional(),
  }),
});

const passkeyName = z.string().trim().min(1, BLANK).max(PASSKEY_NAME_MAX, `Не больше ${PASSKEY_NAME_MAX} символов`);

export const registrationOptionsBody = z.object({ password: passwordField() });
export const registerBody = z.object({ response: registrationResponse, name: passkeyName.optional() });
export const loginBody = z.object({ response: authenticationResponse });
export const renameBody = z.object({ name: passkeyName });
/** A passkey's id in the path: digits only, as every id in a path (` 7`, `0x7`, `7e0` name nothing: 404). */
export const passkeyParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

/** The options are the library's JSON, handed to the browser as they are. */
export const optionsAnswer = z.record(z.string(), z.unknown());
export const passkeyAnswer = z.strictObject(passkeySchema.shape);
export const passkeysAnswer = z.array(passkeyAnswer);
/** A passkey sign-in opens the session at once: both factors were given. */
export const loginAnswer = z.strictObject({ ...tokenPairSchema.shape, user: userWire });
