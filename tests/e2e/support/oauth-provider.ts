import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who signs in at the local provider's authorize step. `email: null`: the provider vouches for no address. */
export interface ProviderPerson {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
  /** More fields of the provider's user answer (a test of a provider answering out of its protocol). */
  extra?: Record<string, unknown>;
}

export type LocalProviderId = 'vkid' | 'yandex';

interface IssuedCode {
  provider: LocalProviderId;
  challenge: string;
  redirectUri: string;
  deviceId: string | null;
  person: ProviderPerson;
  used: boolean;
}

export const LOCAL_CLIENT = { id: 'kopilka-test-client', secret: 'kopilka-test-secret' };

/**
 * VK ID and Yandex ID as the tests meet them: one local HTTP server speaking each provider's
 * authorization-code protocol with PKCE (S256), with the providers' own paths, parameters and field
 * names — VK ID: /vkid/authorize (back with code, state, device_id, type), POST /vkid/oauth2/auth,
 * POST /vkid/oauth2/user_info → {user: {user_id, first_name, last_name, email, …}}; Yandex ID:
 * /yandex/authorize (back with code, state), POST /yandex/token, GET /yandex/info?format=json with
 * `Authorization: OAuth <token>` → {id, login, default_email, emails, first_name, last_name, …}.
 * A code works once and only with its verifier (and VK ID's device_id); the authorize step signs in
 * whoever `signInAs` named for that provider.
 */
export class LocalOAuthProviders {
  private server: Server | null = null;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, { provider: LocalProviderId; person: ProviderPerson }>();
  private readonly next: Partial<Record<LocalProviderId, ProviderPerson>> = {};
  /** Every token request, to check what was sent. */
  readonly tokenRequests: { provider: LocalProviderId; form: Record<string, string> }[] = [];
  url = '';

  signInAs(provider: LocalProviderId, person: ProviderPerson) {
    this.next[provider] = person;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => send(res, 500, { error: 'server_error' }));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The settings that point the app at this server. */
  env(): Record<string, string> {
    return {
      VKID_CLIENT_ID: LOCAL_CLIENT.id,
      VKID_CLIENT_SECRET: LOCAL_CLIENT.secret,
      VKID_AUTHORIZE_URL: `${this.url}/vkid/authorize`,
      VKID_TOKEN_URL: `${this.url}/vkid/oauth2/auth`,
      VKID_USERINFO_URL: `${this.url}/vkid/oauth2/user_info`,
      YANDEX_CLIENT_ID: LOCAL_CLIENT.id,
      YANDEX_CLIENT_SECRET: LOCAL_CLIENT.secret,
      YANDEX_AUTHORIZE_URL: `${this.url}/yandex/authorize`,
      YANDEX_TOKEN_URL: `${this.url}/yandex/token`,
      YANDEX_USERINFO_URL: `${this.url}/yandex/info`,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const [, provider, ...rest] = url.pathname.split('/');
    if (provider !== 'vkid' && provider !== 'yandex') return send(res, 404, { error: 'not_found' });
    const route = rest.join('/');
    if (req.method === 'GET' && route === 'authorize') return this.authorize(provider, url, res);
    if (req.method === 'POST' && route === (provider === 'vkid' ? 'oauth2/auth' : 'token'))
      return this.token(provider, await form(req), res);
    if (provider === 'vkid' && req.method === 'POST' && route === 'oauth2/user_info') {
      const body = await form(req);
      return this.userInfo(provider, body.access_token, body.client_id, res);
    }
    if (provider === 'yandex' && req.method === 'GET' && route === 'info') {
      const auth = /^OAuth (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      return this.userInfo(provider, auth, LOCAL_CLIENT.id, res);
    }
    return send(res, 404, { error: 'not_found' });
  }

  private authorize(provider: LocalProviderId, url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams);
    const person = this.next[provider];
    if (q.client_id !== LOCAL_CLIENT.id || q.response_type !== 'code' || !q.redirect_uri || !q.state) {
      return send(res, 400, { error: 'invalid_request' });
    }
    if (q.code_challenge_method !== 'S256' || !/^[\w-]{43}$/.test(q.code_challenge ?? ''))
      return send(res, 400, { error: 'invalid_request' });
    if (!person) return send(res, 400, { error: 'access_denied' });
    const code = randomBytes(24).toString('base64url');
    const deviceId = provider === 'vkid' ? randomBytes(16).toString('hex') : null;
    this.codes.set(code, { provider, challenge: q.code_challenge!, redirectUri: q.redirect_uri, deviceId, person, used: false });
    const back = new URL(q.redirect_uri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.state);
    if (deviceId) {
      back.searchParams.set('device_id', deviceId);
      back.searchParams.set('type', 'code_v2');
      back.searchParams.set('expires_in', '600');
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  private token(provider: LocalProviderId, body: Record<string, string>, res: ServerResponse) {
    this.tokenRequests.push({ provider, form: body });
    if (body.grant_type !== 'authorization_code' || body.client_id !== LOCAL_CLIENT.id || body.client_secret !== LOCAL_CLIENT.secret) {
      return send(res, 400, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const issued = this.codes.get(body.code ?? '');
    if (!issued || issued.provider !== provider || issued.used) {
      return send(res, 400, { error: 'invalid_grant', error_description: 'Code is expired or was used' });
    }
    issued.used = true;
    const challenge = createHash('sha256')
      .update(body.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== issued.challenge) return send(res, 400, { error: 'invalid_grant', error_description: 'Code verifier mismatch' });
    if (provider === 'vkid' && (body.device_id !== issued.deviceId || body.redirect_uri !== issued.redirectUri || !body.state)) {
      return send(res, 400, { error: 'invalid_request', error_description: 'device_id, redirect_uri or state mismatch' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { provider, person: issued.person });
    if (provider === 'vkid') {
      return send(res, 200, {
        access_token: accessToken,
        refresh_token: randomBytes(24).toString('base64url'),
        id_token: 'e30.e30.sig',
        token_type: 'Bearer',
        expires_in: 3600,
        user_id: Number(issued.person.id),
        state: body.state,
        scope: 'email',
      });
    }
    return send(res, 200, {
      access_token: accessToken,
      expires_in: 31536000,
      refresh_token: randomBytes(24).toString('base64url'),
      token_type: 'bearer',
    });
  }

  private userInfo(provider: LocalProviderId, accessToken: string | undefined, clientId: string | undefined, res: ServerResponse) {
    const found = accessToken ? this.tokens.get(accessToken) : undefined;
    if (!found || found.provider !== provider || clientId !== LOCAL_CLIENT.id) return send(res, 401, { error: 'invalid_token' });
    const p = found.person;
    if (provider === 'vkid') {
      return send(res, 200, {
        user: {
          user_id: p.id,
          first_name: p.firstName,
          last_name: p.lastName,
          phone: '',
          avatar: '',
          ...(p.email ? { email: p.email } : {}),
          sex: 0,
          verified: false,
          birthday: '',
          ...p.extra,
        },
      });
    }
    return send(res, 200, {
      id: p.id,
      login: `user${p.id}`,
      client_id: LOCAL_CLIENT.id,
      display_name: p.firstName,
      real_name: `${p.firstName} ${p.lastName}`,
      first_name: p.firstName,
      last_name: p.lastName,
      sex: null,
      ...(p.email ? { default_email: p.email, emails: [p.email] } : { emails: [] }),
      psuid: `psuid-${p.id}`,
      ...p.extra,
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

async function form(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

let personCounter = 0;
/** A fresh person at a provider (a new id each time). */
export function providerPerson(email: string | null, names: { firstName?: string; lastName?: string } = {}): ProviderPerson {
  personCounter += 1;
  return {
    id: String(100000 + Math.floor(Math.random() * 1e8) * 10 + personCounter),
    email,
    firstName: names.firstName ?? 'Мария',
    lastName: names.lastName ?? 'Петрова',
  };
}
