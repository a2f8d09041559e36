import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Clock } from '../clock.ts';
import { enforce, passwordFailKey, type AccountActions } from '../accounts/account-actions.ts';
import { passkeyAddedNotice } from './messages.ts';
import type { NotMe } from '../auth/not-me.ts';
import { LIMITS } from '../accounts/limits.ts';
import { LAST_WAY_IN, type Users } from '../accounts/users.ts';
import type { Sessions, SessionMeta, TokenPair } from '../auth/sessions.ts';
import type { User } from '../db/types.ts';
import type { WebauthnPurpose } from '../db/tables/accounts.ts';
import { z } from 'zod';
import { detailError, notFound } from '../http/errors.ts';
import { parseFields } from '../http/validation.ts';
import { authenticationResponse } from './schemas.ts';
import type { PasskeysRepository } from './repository.ts';

/** A challenge lives 5 minutes and answers one request. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const CHALLENGE_GONE = 'Запрос ключа доступа устарел. Попробуйте ещё раз.';
export const PASSKEY_NOT_ACCEPTED = 'Ключ доступа не подошёл. Попробуйте ещё раз или войдите по паролю.';
export const PASSKEY_UNKNOWN = 'Этот ключ доступа не найден в Копилке. Войдите по паролю.';
export const PASSKEY_NOT_ADDED = 'Не удалось добавить ключ доступа. Попробуйте ещё раз.';
export const PASSKEY_EXISTS = 'Этот ключ доступа уже добавлен';
/** Asked from an address other than PUBLIC_URL's: the browser would refuse, or the key would not work there. */
export const passkeyWrongOrigin = (origin: string) =>
  `Ключи доступа работают только по адресу ${origin}. Откройте Копилку по этому адресу и повторите.`;
const DEFAULT_NAME = 'Ключ доступа';
const NO_PASSKEYS = 'В этом аккаунте нет ключей доступа. Подтвердите вход паролем.';

/** A passkey as the owner's list shows it. */
export interface PasskeyJson {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** The challenge a browser signed, read from its clientDataJSON; null when that is not readable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}

/** The origin a browser signed, read from its clientDataJSON; null when that is not readable. */
export function originOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const origin = (parsed as { origin?: unknown }).origin;
    return typeof origin === 'string' && origin.length <= 512 ? origin : null;
  } catch {
    return null;
  }
}

/** What passkeys are given; compose.ts builds them. */
export interface PasskeysDeps {
  repo: PasskeysRepository;
  users: Users;
  actions: AccountActions;
  sessions: Sessions;
  /** Adding a key mails the owner a notice with its «Это был не я» link. */
  notMe: NotMe;
  clock: Clock;
  /** PUBLIC_URL: its host is the relying party's id, its origin the only origin accepted. */
  publicUrl: string;
  /** Derives each account's WebAuthn user id. */
  secretKey: string;
}

/**
 * Passkeys (WebAuthn): adding one with the current password, the owner's list (rename, remove: never the
 * last way in), and signing in with a discoverable credential. The relying party is PUBLIC_URL: its host
 * is the RP id, its origin the only origin accepted. Every challenge is kept server-side, lives 5 minutes
 * and is taken once, whether its answer then verifies or not. A passkey sign-in is both factors (the
 * authenticator verified its user), so no code from the app is asked after it.
 */
export class Passkeys {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(private readonly d: PasskeysDeps) {
    const url = new URL(d.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  private now = () => this.d.clock.now();

  async list(user: User): Promise<PasskeyJson[]> {
    return (await this.d.repo.listOf(user.id)).map(present);
  }

  /** The random WebAuthn user id of the account: the same for all its keys, derived with the secret key (no address, no row id). */
  private userHandle(userId: number): Uint8Array<ArrayBuffer> {
    return new Uint8Array(createHmac('sha256', this.d.secretKey).update(`webauthn-user:${userId}`).digest());
  }

  /**
   * Refuses a request from a page at another address than PUBLIC_URL (`origin`: the request's Origin
   * header, or the origin the browser signed), saying which address passkeys work on: the browser would
   * refuse the key there, or the key would not sign in here.
   */
  private sameOrigin(origin: string | null | undefined): void {
    if (origin && origin !== this.origin) throw detailError(400, passkeyWrongOrigin(this.origin));
  }

  /** The options for navigator.credentials.create(), after the current password, from PUBLIC_URL's page. */
  async registrationOptions(user: User, password: string, origin?: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    this.sameOrigin(origin);
    await this.d.actions.confirmPassword(user, password);
    const existing = await this.d.repo.listOf(user.id);
    const options = await generateRegistrationOptions({
      rpName: 'Копилка',
      rpID: this.rpId,
      userName: user.email,
      userDisplayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
      userID: this.userHandle(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: splitTransports(p.transports) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_TTL_MS,
    });
    await this.keepChallenge(options.challenge, 'register', user.id);
    return options;
  }

  /**
   * The browser's answer to the registration options: a new passkey of the signed-in owner, who is mailed
   * a notice with a «Это был не я» link that removes it (and recovers the account).
   */
  async register(user: User, response: RegistrationResponseJSON, name: string | undefined): Promise<PasskeyJson> {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.d.repo.takeChallenge(challenge, 'register', user.id, this.now().toISOString()))) {
      throw detailError(400, CHALLENGE_GONE);
    }
    this.sameOrigin(originOf(response.response.clientDataJSON));
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
      });
    } catch {
      throw detailError(400, PASSKEY_NOT_ADDED);
    }
    if (!verified.verified) throw detailError(400, PASSKEY_NOT_ADDED);
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    if (await this.d.repo.byCredentialId(credential.id)) throw detailError(400, PASSKEY_EXISTS);
    const row = await this.d.repo.insert({
      user_id: user.id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      user_handle: Buffer.from(this.userHandle(user.id)).toString('base64url'),
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp ? 1 : 0,
      name: name?.trim() || DEFAULT_NAME,
      created_at: this.now().toISOString(),
      last_used_at: null,
    });
    const link = await this.d.notMe.issue(user.id, 'passkey_added', String(row.id));
    this.d.actions.notify(user, passkeyAddedNotice(row.name, link));
    return present(row);
  }

  async rename(user: User, id: number, name: string): Promise<PasskeyJson> {
    const row = await this.d.repo.rename(user.id, id, name);
    if (!row) throw notFound();
    return present(row);
  }

  /** Removes one of the owner's passkeys, unless it is the account's last way in. */
  async remove(user: User, id: number): Promise<void> {
    const owned = (await this.d.repo.listOf(user.id)).some((p) => p.id === id);
    if (!owned) throw notFound();
    if ((await this.d.users.countWaysIn(user.id)) <= 1) throw detailError(400, LAST_WAY_IN);
    if (!(await this.d.repo.remove(user.id, id))) throw notFound();
  }

  /** The options for navigator.credentials.get(): no allowed list, so the browser offers the keys it holds for this site. */
  async loginOptions(ip: string, origin?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    this.sameOrigin(origin);
    const { limit, windowMs } = LIMITS.signInStartsPerIp;
    await enforce(this.d.actions.throttle.hit(`sign-in-start:ip:${ip}`, limit, windowMs));
    const options = await generateAuthenticationOptions({ rpID: this.rpId, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
    await this.keepChallenge(options.challenge, 'login', null);
    return options;
  }

  /**
   * A sign-in with a passkey: the challenge taken (once), the key found by its id (and the user handle the
   * authenticator returned, when it did), the signature checked against the stored public key, the origin
   * and RP id; the counter moves on. Failures count against the client's address like wrong passwords.
   */
  async login(response: AuthenticationResponseJSON, ip: string, meta: SessionMeta): Promise<{ tokens: TokenPair; user: User }> {
    const attempt = await this.d.actions.throttle.reserve([{ key: `login:ip:${ip}`, ...LIMITS.loginFailuresPerIp }]);
    await enforce(attempt);
    const passkey = await this.verifiedAssertion(response, 'login', null);
    const user = await this.d.users.byId(passkey.user_id);
    if (!user?.is_active) throw detailError(400, PASSKEY_UNKNOWN);
    const tokens = await this.d.sessions.start(user.id, user.credential_version, meta);
    if (!tokens) throw detailError(400, PASSKEY_NOT_ACCEPTED);
    await attempt.release();
    return { tokens, user };
  }

  /** The options for re-confirming a session's sign-in with one of the signed-in owner's own passkeys. */
  async reauthOptions(user: User, origin?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    this.sameOrigin(origin);
    const keys = await this.d.repo.listOf(user.id);
    if (!keys.length) throw detailError(400, NO_PASSKEYS);
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
      allowCredentials: keys.map((p) => ({ id: p.credential_id, transports: splitTransports(p.transports) })),
    });
    await this.keepChallenge(options.challenge, 'reauth', user.id);
    return options;
  }

  /**
   * A re-confirmation: the browser's answer to the reauth options, signed by a passkey of this very owner
   * (another account's key proves nothing here). Failures count against the owner like wrong passwords.
   */
  async confirmOwner(user: User, answer: unknown): Promise<void> {
    const response = parseFields(z.object({ passkey: authenticationResponse }), { passkey: answer }).passkey as AuthenticationResponseJSON;
    const attempt = await this.d.actions.throttle.reserve([{ key: passwordFailKey(user.id), ...LIMITS.passwordFailuresPerUser }]);
    await enforce(attempt);
    const passkey = await this.verifiedAssertion(response, 'reauth', user.id);
    if (passkey.user_id !== user.id) throw detailError(400, PASSKEY_NOT_ACCEPTED);
    await attempt.release();
  }

  /**
   * An assertion checked: the challenge of this purpose (and user) taken once, the key found by its id (and
   * the user handle the authenticator returned, when it did), the signature checked against the stored
   * public key, the origin and RP id; the counter moves on. The key.
   */
  private async verifiedAssertion(response: AuthenticationResponseJSON, purpose: 'login' | 'reauth', userId: number | null) {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.d.repo.takeChallenge(challenge, purpose, userId, this.now().toISOString()))) {
      throw detailError(400, CHALLENGE_GONE);
    }
    this.sameOrigin(originOf(response.response.clientDataJSON));
    const passkey = await this.d.repo.byCredentialId(response.id);
    if (!passkey || (response.response.userHandle && response.response.userHandle !== passkey.user_handle)) {
      throw detailError(400, PASSKEY_UNKNOWN);
    }
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: Number(passkey.counter),
          transports: splitTransports(passkey.transports),
        },
      });
    } catch {
      throw detailError(400, PASSKEY_NOT_ACCEPTED);
    }
    if (!verified.verified) throw detailError(400, PASSKEY_NOT_ACCEPTED);
    await this.d.repo.used(passkey.id, verified.authenticationInfo.newCounter, this.now().toISOString());
    return passkey;
  }

  private async keepChallenge(challenge: string, purpose: WebauthnPurpose, userId: number | null) {
    const now = this.now();
    await this.d.repo.insertChallenge({
      challenge,
      purpose,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    });
  }
}

const splitTransports = (value: string) => (value ? (value.split(',') as AuthenticatorTransport[]) : undefined);

const present = (row: { id: number; name: string; created_at: string; last_used_at: string | null }): PasskeyJson => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
});
