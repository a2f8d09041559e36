import { isEmail, normaliseEmail } from '../../contract/email.ts';
import type { OAuthProviderConfig } from '../config.ts';
import type { OAuthProviderId } from '../db/tables/accounts.ts';

/** What a provider told about the person who signed in. `email` is set only when the provider vouches for it. */
export interface ProviderPerson {
  subject: string;
  email: string | null;
  firstName: string;
  lastName: string;
}

/**
 * The provider did not answer, refused, or answered something other than its protocol (the sign-in is
 * refused). `unavailable`: it could not be reached or failed (5xx); `refused`: it refused the request (a used
 * or wrong code); `malformed`: its answer broke the protocol (no JSON, a field of the wrong shape, too big).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused' | 'malformed',
  ) {
    super(message);
  }
}

/** The most bytes of a provider's answer read: its JSON is a few hundred bytes; more is not its protocol. */
export const PROVIDER_ANSWER_MAX_BYTES = 64 * 1024;

export { PROVIDER_LABELS } from '../../contract/sign-in-ways.ts';

const TIMEOUT_MS = 10_000;

/**
 * Each provider's side of OAuth 2.0 with PKCE (S256), with its own parameter and field names:
 *
 * VK ID: GET id.vk.com/authorize (scope `email`); the return carries `code`, `state` and `device_id`;
 * POST id.vk.com/oauth2/auth (form: grant_type, code, code_verifier, client_id, client_secret,
 * device_id, redirect_uri, state) → {access_token, …}; POST id.vk.com/oauth2/user_info (form:
 * client_id, access_token) → {user: {user_id, first_name, last_name, email, …}}. VK ID hands out the
 * e-mail of the account only with the `email` access and only a confirmed one.
 *
 * Yandex ID: GET oauth.yandex.ru/authorize (scope `login:email login:info`); the return carries `code`
 * and `state`; POST oauth.yandex.ru/token (form: grant_type, code, code_verifier, client_id,
 * client_secret) → {access_token, …}; GET login.yandex.ru/info?format=json with `Authorization: OAuth
 * <token>` → {id, login, default_email, emails, first_name, last_name, …}. `default_email` is the
 * account's confirmed address (Yandex lists only confirmed ones).
 */
export interface ProviderProtocol {
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Code → access token → person. */
  person(input: { code: string; codeVerifier: string; redirectUri: string; state: string; deviceId?: string }): Promise<ProviderPerson>;
}

export function providerProtocol(id: OAuthProviderId, config: OAuthProviderConfig): ProviderProtocol {
  return id === 'vkid' ? vkId(config) : yandexId(config);
}

/** The authorization request both providers take: OAuth 2.0's code flow with PKCE (S256) and the given scope. */
function pkceAuthorizeUrl(config: OAuthProviderConfig, scope: string): ProviderProtocol['authorizeUrl'] {
  return ({ state, codeChallenge, redirectUri }) =>
    withQuery(config.authorizeUrl, {
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      scope,
    });
}

function vkId(config: OAuthProviderConfig): ProviderProtocol {
  return {
    authorizeUrl: pkceAuthorizeUrl(config, 'email'),
    async person({ code, codeVerifier, redirectUri, state, deviceId }) {
      if (!deviceId) throw new ProviderError('VK ID returned no device_id', 'refused');
      const accessToken = await exchangeCode(config, code, codeVerifier, { device_id: deviceId, redirect_uri: redirectUri, state });
      const info = await postForm(config.userInfoUrl, { client_id: config.clientId, access_token: accessToken });
      const user = (info as { user?: unknown }).user;
      if (!user || typeof user !== 'object') throw new ProviderError('VK ID user_info has no user', 'malformed');
      const u = user as Record<string, unknown>;
      const subject = idField(u.user_id);
      return { subject, email: emailOf(u.email), firstName: textOf(u.first_name), lastName: textOf(u.last_name) };
    },
  };
}

function yandexId(config: OAuthProviderConfig): ProviderProtocol {
  return {
    authorizeUrl: pkceAuthorizeUrl(config, 'login:email login:info'),
    async person({ code, codeVerifier }) {
      const accessToken = await exchangeCode(config, code, codeVerifier);
      const info = (await fetchJson(withQuery(config.userInfoUrl, { format: 'json' }), {
        headers: { authorization: `OAuth ${accessToken}` },
      })) as Record<string, unknown>;
      const subject = idField(info.id);
      return { subject, email: emailOf(info.default_email), firstName: textOf(info.first_name), lastName: textOf(info.last_name) };
    },
  };
}

/** The authorization code and its PKCE verifier exchanged for an access token (with what else the provider asks). */
async function exchangeCode(
  config: OAuthProviderConfig,
  code: string,
  codeVerifier: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const token = await postForm(config.tokenUrl, {
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    client_id: config.clientId,
    client_secret: config.clientSecret,
    ...extra,
  });
  return stringField(token, 'access_token');
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

function postForm(url: string, form: Record<string, string>): Promise<unknown> {
  return fetchJson(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** A provider's JSON answer; a 4xx (or an `error` field) is a refusal, anything else unexpected is the provider's failure. */
async function fetchJson(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderError(`request failed: ${err instanceof Error ? err.message : String(err)}`, 'unavailable');
  }
  const text = await boundedText(res);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(`answered ${res.status} with no JSON`, res.status >= 500 ? 'unavailable' : res.ok ? 'malformed' : 'refused');
  }
  if (!res.ok || (body && typeof body === 'object' && 'error' in body)) {
    throw new ProviderError(`refused (${res.status}): ${text.slice(0, 200)}`, res.status >= 500 ? 'unavailable' : 'refused');
  }
  if (!body || typeof body !== 'object') throw new ProviderError('answered no object', 'malformed');
  return body;
}

/** The answer's text, read up to PROVIDER_ANSWER_MAX_BYTES: a longer one is cut off unread and refused as malformed. */
async function boundedText(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > PROVIDER_ANSWER_MAX_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderError(`answer of ${declared} bytes`, 'malformed');
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > PROVIDER_ANSWER_MAX_BYTES) {
        await reader.cancel().catch(() => {});
        throw new ProviderError(`answer over ${PROVIDER_ANSWER_MAX_BYTES} bytes`, 'malformed');
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw new ProviderError(`answer cut off: ${err instanceof Error ? err.message : String(err)}`, 'unavailable');
  }
  return Buffer.concat(chunks).toString('utf8');
}

function stringField(body: unknown, field: string): string {
  const v = (body as Record<string, unknown>)[field];
  if (typeof v !== 'string' || !v) throw new ProviderError(`no ${field}`, 'malformed');
  return v;
}

function idField(v: unknown): string {
  if ((typeof v === 'string' && /^[\w-]{1,128}$/.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v))) return String(v);
  throw new ProviderError('no user id', 'malformed');
}

/** The address the provider vouches for, held to the sign-up rule for e-mails (contract/email.ts); null when it breaks it. */
function emailOf(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const email = normaliseEmail(v);
  return isEmail(email) ? email : null;
}

const textOf = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 150) : '');
