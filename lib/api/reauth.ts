import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from './client';

/** POST /api/auth/reauth/ with the current password: the session's sign-in counts as recent for 30 minutes. */
export const reauthWithPassword = (password: string) => api.post('auth/reauth/', { json: { password } }).json<{ detail: string }>();

/** The options for re-confirming with one of the owner's passkeys. */
export const getReauthPasskeyOptions = () => api.post('auth/reauth/passkey/options/').json<PublicKeyCredentialRequestOptionsJSON>();

/** POST /api/auth/reauth/ with the browser's answer to those options. */
export const reauthWithPasskey = (passkey: AuthenticationResponseJSON) =>
  api.post('auth/reauth/', { json: { passkey } }).json<{ detail: string }>();
