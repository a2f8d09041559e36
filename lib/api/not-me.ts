import { api } from './client';

/** Which change a «Это был не я» link was sent for. */
export type UndoneAction = 'two_factor_enabled' | 'passkey_added' | 'provider_linked';

/**
 * «Это был не я»: the token of a notice's link (a passkey added, a provider linked, two-step sign-in turned on)
 * undoes that change, ends every session, removes the ways in added in the last 30 days and pauses the recent
 * share links. No session needed.
 */
export const undoChange = (token: string) => api.post('auth/not-me/', { json: { token } }).json<{ detail: string; action: UndoneAction }>();
