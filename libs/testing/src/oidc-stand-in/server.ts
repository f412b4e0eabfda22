import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OidcStandInOptions {
  clientId: string;
  clientSecret: string;
  /** The one redirect URI registered for the client (compared exactly, as providers do). */
  redirectUri: string;
  /** The claim the roles go in (the console's CONSOLE_OIDC_ROLES_CLAIM). */
  rolesClaim: string;
}

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  email: string;
  roles: string[];
  /** How the person authenticated (RFC 8176): `mfa` when the provider asked for a second factor. */
  amr: string[];
  expiresAt: number;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An OpenID Connect provider on loopback for the console's single sign-on, following the
 * protocol a company's provider speaks (OpenID Connect Core 1.0 and Discovery 1.0, RFC 7636):
 * discovery, a JWKS with one RS256 key, an authorization endpoint whose sign-in form takes the
 * person's e-mail and roles (the directory a real provider would consult), and a token endpoint
 * that checks the client's secret, the redirect URI, the one-time code and its PKCE verifier.
 */
export class OidcStandIn {
  private readonly server: Server;
  private readonly key: KeyObject;
  private readonly kid = randomBytes(8).toString('hex');
  private readonly codes = new Map<string, IssuedCode>();
  private issuerUrl = '';
  /** Token requests received, for tests that check what the relying party sent. */
  readonly tokenRequests: Array<Record<string, string>> = [];

  constructor(private readonly options: OidcStandInOptions) {
    this.key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    this.server = createServer((request, response) => {
      void this.route(request, response).catch((error: unknown) => this.send(response, 500, { error: 'server_error', detail: String(error) }));
    });
  }

  get issuer(): string {
    return this.issuerUrl;
  }

  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.issuerUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.issuerUrl;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** An ID token signed with the provider's key, with whatever claims a test wants to try. */
  signIdToken(claims: Record<string, unknown>, key: KeyObject = this.key, kid = this.kid): string {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.issuerUrl);
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') return this.send(response, 200, this.discovery());
    if (request.method === 'GET' && url.pathname === '/jwks') {
      const jwk = this.key.export({ format: 'jwk' });
      return this.send(response, 200, { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, kid: this.kid, use: 'sig', alg: 'RS256' }] });
    }
    if (request.method === 'GET' && url.pathname === '/authorize') return this.authorizeForm(url.searchParams, response);
    if (request.method === 'POST' && url.pathname === '/authorize') return this.authorize(new URLSearchParams(await bodyOf(request)), response);
    if (request.method === 'POST' && url.pathname === '/token') return this.token(request, new URLSearchParams(await bodyOf(request)), response);
    this.send(response, 404, { error: 'not_found' });
  }

  private discovery() {
    return {
      issuer: this.issuerUrl,
      authorization_endpoint: `${this.issuerUrl}/authorize`,
      token_endpoint: `${this.issuerUrl}/token`,
      jwks_uri: `${this.issuerUrl}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      scopes_supported: ['openid', 'email', 'profile'],
    };
  }

  /** A request the provider would refuse before showing any sign-in (RFC 6749 4.1.2.1: never redirect to an unregistered URI). */
  private invalidAuthorization(params: URLSearchParams): string | undefined {
    if (params.get('client_id') !== this.options.clientId) return 'unknown client';
    if (params.get('redirect_uri') !== this.options.redirectUri) return 'redirect_uri not registered';
    if (params.get('response_type') !== 'code') return 'response_type must be code';
    if (!params.get('scope')?.split(' ').includes('openid')) return 'scope must include openid';
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) return 'PKCE with S256 is required';
    if (!params.get('state') || !params.get('nonce')) return 'state and nonce are required';
    return undefined;
  }

  private authorizeForm(params: URLSearchParams, response: ServerResponse): void {
    const invalid = this.invalidAuthorization(params);
    if (invalid) return this.html(response, 400, `<p role="alert">${escape(invalid)}</p>`);
    const hidden = [...params].map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join('');
    this.html(
      response,
      200,
      `<h1>Company sign-in</h1><form method="post" action="/authorize">${hidden}
<label for="email">Work e-mail</label><input id="email" name="email" type="email">
<label for="roles">Groups (comma-separated)</label><input id="roles" name="roles">
<label for="amr">Methods used (amr)</label><input id="amr" name="amr" value="pwd,mfa">
<button type="submit">Sign in</button></form>`,
    );
  }

  private authorize(params: URLSearchParams, response: ServerResponse): void {
    const invalid = this.invalidAuthorization(params);
    if (invalid) return this.html(response, 400, `<p role="alert">${escape(invalid)}</p>`);
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      redirectUri: params.get('redirect_uri')!,
      codeChallenge: params.get('code_challenge')!,
      nonce: params.get('nonce')!,
      email: (params.get('email') ?? '').trim().toLowerCase(),
      roles: listOf(params.get('roles')),
      amr: listOf(params.get('amr')),
      expiresAt: Date.now() + 60_000,
    });
    const back = new URL(params.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', params.get('state')!);
    response.writeHead(302, { location: back.toString() }).end();
  }

  private token(request: IncomingMessage, params: URLSearchParams, response: ServerResponse): void {
    this.tokenRequests.push(Object.fromEntries(params));
    const [scheme, credentials] = (request.headers.authorization ?? '').split(' ');
    const [id, secret] = Buffer.from(credentials ?? '', 'base64')
      .toString('utf8')
      .split(':')
      .map((part) => decodeURIComponent(part));
    if (scheme !== 'Basic' || id !== this.options.clientId || secret !== this.options.clientSecret)
      return this.send(response, 401, { error: 'invalid_client' });
    if (params.get('grant_type') !== 'authorization_code') return this.send(response, 400, { error: 'unsupported_grant_type' });
    const code = params.get('code') ?? '';
    const issued = this.codes.get(code);
    // A code works once (RFC 6749 4.1.2).
    this.codes.delete(code);
    if (!issued || issued.expiresAt < Date.now() || issued.redirectUri !== params.get('redirect_uri'))
      return this.send(response, 400, { error: 'invalid_grant' });
    const challenge = createHash('sha256')
      .update(params.get('code_verifier') ?? '')
      .digest('base64url');
    if (challenge !== issued.codeChallenge) return this.send(response, 400, { error: 'invalid_grant', error_description: 'PKCE verifier does not match' });
    const now = Math.floor(Date.now() / 1000);
    const idToken = this.signIdToken({
      iss: this.issuerUrl,
      sub: createHash('sha256').update(issued.email).digest('hex').slice(0, 24),
      aud: this.options.clientId,
      exp: now + 300,
      iat: now,
      nonce: issued.nonce,
      email: issued.email,
      email_verified: true,
      amr: issued.amr,
      [this.options.rolesClaim]: issued.roles,
    });
    this.send(response, 200, { access_token: randomBytes(24).toString('base64url'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  }

  private send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  }

  private html(response: ServerResponse, status: number, body: string): void {
    response
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>Company sign-in</title></head><body><main>${body}</main></body></html>`);
  }
}

const listOf = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
