import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { enforce, WRONG_PASSWORD, type AccountActions } from '../accounts/account-actions.ts';
import { LIMITS } from '../accounts/limits.ts';
import { verifyDummyPassword, verifyPassword } from '../accounts/passwords.ts';
import { LAST_WAY_IN, newUserRow, uniqueViolationField, type Users } from '../accounts/users.ts';
import { providerLinkedNotice } from './messages.ts';
import type { NotMe } from '../auth/not-me.ts';
import type { AuthService } from '../auth/service.ts';
import type { SessionMeta } from '../auth/sessions.ts';
import type { SignInResult } from '../auth/sign-in.ts';
import type { OAuthProviderId } from '../db/tables/accounts.ts';
import type { User } from '../db/types.ts';
import { detailError, fieldError, notFound } from '../http/errors.ts';
import { PROVIDER_LABELS, ProviderError, providerProtocol, type ProviderPerson, type ProviderProtocol } from './providers.ts';
import type { OAuthRepository } from './repository.ts';
import type { RegistrationGate } from '../admin/registration.ts';

/** A started sign-in waits 10 minutes for the provider's return; a link waits 10 minutes for the password. */
export const STATE_TTL_MS = 10 * 60 * 1000;
export const PENDING_LINK_TTL_MS = 10 * 60 * 1000;

export const notAvailable = (provider: OAuthProviderId) => `Вход через ${PROVIDER_LABELS[provider]} пока недоступен`;
export const STATE_REFUSED = 'Вход не удался: он начат в другом браузере или уже завершён. Начните вход заново.';
export const providerRefused = (provider: OAuthProviderId) => `${PROVIDER_LABELS[provider]} не подтвердил вход. Начните вход заново.`;
export const providerUnavailable = (provider: OAuthProviderId) => `${PROVIDER_LABELS[provider]} сейчас не отвечает. Попробуйте позже.`;
export const providerMalformed = (provider: OAuthProviderId) =>
  `${PROVIDER_LABELS[provider]} прислал ответ, который Копилка не понимает. Попробуйте позже или войдите по паролю.`;
export const noVerifiedEmail = (provider: OAuthProviderId) =>
  `${PROVIDER_LABELS[provider]} не сообщил подтверждённый адрес e-mail. Войдите по паролю или подтвердите адрес у ${PROVIDER_LABELS[provider]}.`;
export const LINK_EXPIRED = 'Время для подтверждения истекло. Начните вход заново.';
export const linkedElsewhere = (provider: OAuthProviderId) =>
  `Этот аккаунт ${PROVIDER_LABELS[provider]} уже привязан к другому аккаунту Копилки, или к этому аккаунту привязан другой.`;
const ACCOUNT_DISABLED = 'Аккаунт отключён';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/** What a provider's return leads to: a session (or its second step), or the password of the account to link. */
export type ProviderSignIn = { signIn: SignInResult } | { linkRequired: { linkToken: string; email: string; provider: OAuthProviderId } };

/** What the provider sign-in is given; compose.ts builds them. */
export interface OAuthSignInDeps {
  repo: OAuthRepository;
  users: Users;
  actions: AccountActions;
  /** Signs the person in once the provider vouched for them (two-step sign-in included). */
  auth: AuthService;
  /** Linking a provider to an account mails the owner a notice with its «Это был не я» link. */
  notMe: NotMe;
  clock: Clock;
  /** PUBLIC_URL: the providers send the browser back to a page under it. */
  publicUrl: string;
  /** Each provider's client, or null where none is configured. */
  providers: Config['oauth'];
  /** Who may sign up (a provider's first sign-in makes an account): none, anyone. */
  registration?: RegistrationGate;
}

/**
 * Signing in with VK ID or Yandex ID (OAuth 2.0, authorization code with PKCE). A start keeps a random
 * `state` and the PKCE verifier server-side, bound to the browser by a cookie set with the redirect; the
 * return is answered once, and only in that browser. The person the provider names then signs in:
 * - through the account their provider account is linked to;
 * - else, with a verified e-mail of an existing account, only after that account's password (never
 *   silently: whoever controls a provider account with that address is not yet the account's owner);
 * - else, with a verified e-mail nobody has, into a new account with that e-mail confirmed and no
 *   password (set one with «Забыли пароль?»).
 * A provider that vouches for no e-mail signs in nobody new. Two-step sign-in applies as after a password.
 */
export class OAuthSignIn {
  constructor(private readonly d: OAuthSignInDeps) {}

  private now = () => this.d.clock.now();

  /** The address the providers send the browser back to: a page of the web app. */
  get redirectUri(): string {
    return `${this.d.publicUrl}/auth/callback/`;
  }

  available(): Record<OAuthProviderId, boolean> {
    return { vkid: !!this.d.providers.vkid, yandex: !!this.d.providers.yandex };
  }

  private protocol(provider: OAuthProviderId): ProviderProtocol {
    const config = this.d.providers[provider];
    if (!config) throw detailError(404, notAvailable(provider));
    return providerProtocol(provider, config);
  }

  /** A new sign-in: the provider's authorize URL to send the browser to, and the cookie value that binds the return to it. */
  async start(provider: OAuthProviderId, ip: string): Promise<{ location: string; binding: string }> {
    const protocol = this.protocol(provider);
    const { limit, windowMs } = LIMITS.signInStartsPerIp;
    await enforce(this.d.actions.throttle.hit(`sign-in-start:ip:${ip}`, limit, windowMs));
    const state = token(32);
    const binding = token(32);
    const codeVerifier = token(48);
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const now = this.now();
    await this.d.repo.insertState({
      state_hash: sha256(state),
      binding_hash: sha256(binding),
      provider,
      code_verifier: codeVerifier,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
    });
    return { location: protocol.authorizeUrl({ state, codeChallenge, redirectUri: this.redirectUri }), binding };
  }

  /** The provider's return (`code`, `state`, VK ID's `device_id`) in the browser that started it. */
  async complete(
    input: { code: string; state: string; deviceId?: string },
    binding: string | undefined,
    ip: string,
    meta: SessionMeta,
  ): Promise<ProviderSignIn> {
    const attempt = await this.d.actions.throttle.reserve([{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }]);
    await enforce(attempt);
    const started = binding ? await this.d.repo.takeState(sha256(input.state), sha256(binding), this.now().toISOString()) : null;
    if (!started) throw detailError(400, STATE_REFUSED);
    const provider = started.provider;
    let person: ProviderPerson;
    try {
      person = await this.protocol(provider).person({
        code: input.code,
        codeVerifier: started.code_verifier,
        redirectUri: this.redirectUri,
        state: input.state,
        deviceId: input.deviceId,
      });
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'unavailable') throw detailError(503, providerUnavailable(provider));
      // The provider's fault, not ours and not the person's: a bad gateway, said in words.
      if (err instanceof ProviderError && err.kind === 'malformed') throw detailError(502, providerMalformed(provider));
      if (err instanceof ProviderError) throw detailError(400, providerRefused(provider));
      throw err;
    }
    await attempt.release();
    return this.signInPerson(provider, person, meta);
  }

  private async signInPerson(provider: OAuthProviderId, person: ProviderPerson, meta: SessionMeta): Promise<ProviderSignIn> {
    const link = await this.d.repo.linkOf(provider, person.subject);
    if (link) {
      const user = await this.d.users.byId(link.user_id);
      if (!user?.is_active) throw detailError(403, ACCOUNT_DISABLED);
      return { signIn: await this.d.auth.signIn(user, meta, () => detailError(400, providerRefused(provider))) };
    }
    if (!person.email) throw detailError(400, noVerifiedEmail(provider));
    const existing = await this.d.users.byEmail(person.email);
    if (existing) {
      const linkToken = token(32);
      const now = this.now();
      await this.d.repo.insertPendingLink({
        token_hash: sha256(linkToken),
        user_id: existing.id,
        provider,
        subject: person.subject,
        email: person.email,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PENDING_LINK_TTL_MS).toISOString(),
      });
      return { linkRequired: { linkToken, email: existing.email, provider } };
    }
    const user = await this.newAccount(person.email, person);
    if (
      !(await this.d.repo.insertLink({
        user_id: user.id,
        provider,
        subject: person.subject,
        email: person.email,
        created_at: this.now().toISOString(),
      }))
    ) {
      throw detailError(400, linkedElsewhere(provider));
    }
    return { signIn: await this.d.auth.signIn(user, meta, () => detailError(400, providerRefused(provider))) };
  }

  /** A new person: the provider's e-mail confirmed, their names, no password (an empty hash matches none). */
  private async newAccount(email: string, person: ProviderPerson): Promise<User> {
    const now = this.now().toISOString();
    // A closed server, or one that signs up by invitation only, makes no account for a provider's person.
    const admission = await this.d.registration?.admit({ email });
    try {
      const username = await this.d.auth.freeUsername(email);
      const row = { email, username, first_name: person.firstName, last_name: person.lastName, password_hash: '', is_email_verified: 1 };
      return await this.d.users.transaction(async (users, trx) => {
        const user = await users.insert(newUserRow(row, now));
        await admission?.settle(trx, user);
        return user;
      });
    } catch (err) {
      if (uniqueViolationField(err) === 'email') throw detailError(400, STATE_REFUSED); // a sign-up of the same address won the race
      throw err;
    }
  }

  /**
   * The password of the account a provider's e-mail named: right, the provider account is linked and
   * the sign-in goes on (with its second step when on). Counted like a login, per account and address.
   */
  async confirmLink(linkToken: string, password: string, ip: string, meta: SessionMeta): Promise<SignInResult> {
    const pending = await this.d.repo.livePendingLink(sha256(linkToken), this.now().toISOString());
    if (!pending) {
      await verifyDummyPassword(password);
      throw detailError(400, LINK_EXPIRED);
    }
    const user = await this.d.users.byId(pending.user_id);
    if (!user?.is_active) throw detailError(400, LINK_EXPIRED);
    const acctKey = `login:acct:${user.email}`;
    const attempt = await this.d.actions.throttle.reserve([
      { key: acctKey, ...LIMITS.loginFailuresPerAccount },
      { key: `login:ip:${ip}`, ...LIMITS.loginFailuresPerIp },
    ]);
    await enforce(attempt);
    if (!(await verifyPassword(user.password_hash, password))) throw fieldError('password', WRONG_PASSWORD);
    await attempt.release();
    await this.d.actions.throttle.reset(acctKey);
    const nowIso = this.now().toISOString();
    if (!(await this.d.repo.takePendingLink(pending.id, nowIso))) throw detailError(400, LINK_EXPIRED);
    const linked = await this.d.repo.insertLink({
      user_id: user.id,
      provider: pending.provider,
      subject: pending.subject,
      email: pending.email,
      created_at: nowIso,
    });
    if (!linked) throw detailError(400, linkedElsewhere(pending.provider));
    const row = await this.d.repo.linkOf(pending.provider, pending.subject);
    if (row) {
      const undo = await this.d.notMe.issue(user.id, 'provider_linked', String(row.id));
      this.d.actions.notify(user, providerLinkedNotice(pending.provider, undo));
    }
    const confirmed = user.is_email_verified
      ? user
      : ((await this.d.users.update(user.id, { is_email_verified: 1, updated_at: nowIso })) ?? user);
    return this.d.auth.signIn(confirmed, meta, () => detailError(400, LINK_EXPIRED));
  }

  /** The profile's view: linked providers, whether a password is set, how many passkeys. */
  async ways(user: User) {
    const ways = await this.d.users.waysIn(user.id);
    return { providers: await this.d.repo.linksOf(user.id), has_password: ways.hasPassword, passkeys: ways.passkeys };
  }

  /** Unlinks a provider, unless it is the account's last way in. */
  async unlink(user: User, provider: OAuthProviderId): Promise<void> {
    const linked = (await this.d.repo.linksOf(user.id)).some((l) => l.provider === provider);
    if (!linked) throw notFound();
    if ((await this.d.users.countWaysIn(user.id)) <= 1) throw detailError(400, LAST_WAY_IN);
    if (!(await this.d.repo.removeLink(user.id, provider))) throw notFound();
  }
}

/** The cookie that binds a started sign-in to its browser: only the auth/oauth routes receive it. */
export const BINDING_COOKIE = 'kopilka_oauth';
