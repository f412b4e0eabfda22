import { createHash, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { newToken, sameText } from './tokens';

/**
 * The relying party of OpenID Connect's authorization code flow with PKCE (RFC 7636), as a
 * console signs operators in through the company's identity provider: discovery, the
 * authorization address, the code exchange and the ID token's checks (OpenID Connect Core 1.0,
 * 3.1.3.7). Only RS256 is accepted, so a token signed with `none` or with a shared secret is
 * never believed.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Sent with HTTP Basic at the token endpoint (client_secret_basic); without one the client is public and PKCE alone binds the code. */
  clientSecret?: string;
  redirectUri: string;
  /** Seconds of clock difference allowed around `exp` and `iat`. */
  clockSkewSeconds?: number;
}

export interface OidcRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  email?: string;
  email_verified?: boolean;
  [claim: string]: unknown;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** Why a sign-in through the identity provider was not believed; the message is for the log, not the page. */
export class OidcError extends Error {
  constructor(
    message: string,
    /** The provider could not be reached or answered nonsense: its failure, not the person's. */
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'OidcError';
  }
}

const base64url = (data: Buffer) => data.toString('base64url');

export function newOidcRequest(): OidcRequest {
  return { state: newToken(), nonce: newToken(), codeVerifier: newToken() };
}

export class OidcClient {
  private discovery?: Promise<Discovery>;
  private keys = new Map<string, KeyObject>();

  constructor(
    private readonly settings: OidcSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Where the browser goes to sign in: the provider's authorization endpoint with the request's state, nonce and code challenge. */
  async authorizationUrl(request: OidcRequest): Promise<string> {
    const { authorization_endpoint } = await this.discover();
    const url = new URL(authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      state: request.state,
      nonce: request.nonce,
      code_challenge: base64url(createHash('sha256').update(request.codeVerifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /** The code the provider sent back, exchanged and its ID token checked: the claims of the person who signed in. */
  async signIn(code: string, request: OidcRequest): Promise<IdTokenClaims> {
    const { token_endpoint } = await this.discover();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (this.settings.clientSecret) {
      const credentials = `${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    const response = await reach('token endpoint', token_endpoint, {
      method: 'POST',
      headers,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.settings.redirectUri,
        client_id: this.settings.clientId,
        code_verifier: request.codeVerifier,
      }).toString(),
    });
    const body = ((await response.json().catch(() => null)) ?? {}) as { id_token?: unknown; error?: unknown };
    if (!response.ok || typeof body.id_token !== 'string') throw new OidcError(`token endpoint answered ${response.status} ${String(body.error ?? '')}`.trim());
    return this.verifyIdToken(body.id_token, request.nonce);
  }

  async verifyIdToken(idToken: string, nonce: string): Promise<IdTokenClaims> {
    const parts = idToken.split('.');
    if (parts.length !== 3) throw new OidcError('ID token is not a JWS');
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    const header = (parseJson(encodedHeader) ?? {}) as { alg?: unknown; kid?: unknown };
    if (header.alg !== 'RS256') throw new OidcError(`ID token algorithm ${String(header.alg)} is not accepted`);
    const key = await this.key(typeof header.kid === 'string' ? header.kid : undefined);
    const signed = verify('RSA-SHA256', Buffer.from(`${encodedHeader}.${encodedPayload}`), key, Buffer.from(encodedSignature, 'base64url'));
    if (!signed) throw new OidcError('ID token signature does not verify');
    const claims = parseJson(encodedPayload) as IdTokenClaims | null;
    if (typeof claims !== 'object' || claims === null) throw new OidcError('ID token claims are not an object');
    const skew = this.settings.clockSkewSeconds ?? 60;
    const now = Math.floor(this.now().getTime() / 1000);
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== this.settings.issuer) throw new OidcError('ID token from another issuer');
    if (!audiences.includes(this.settings.clientId)) throw new OidcError('ID token for another client');
    if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== this.settings.clientId)
      throw new OidcError('ID token authorized for another party');
    if (typeof claims.exp !== 'number' || claims.exp + skew < now) throw new OidcError('ID token expired');
    if (typeof claims.iat !== 'number' || claims.iat - skew > now) throw new OidcError('ID token issued in the future');
    if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf - skew > now)) throw new OidcError('ID token not valid yet');
    if (typeof claims.nonce !== 'string' || !sameText(claims.nonce, nonce)) throw new OidcError('ID token nonce does not match the sign-in');
    if (typeof claims.sub !== 'string' || claims.sub.length === 0) throw new OidcError('ID token without a subject');
    return claims;
  }

  private discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const response = await reach('discovery', `${this.settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
      if (!response.ok) throw new OidcError(`discovery answered ${response.status}`, true);
      const document = (await response.json().catch(() => null)) as Discovery | null;
      if (document?.issuer !== this.settings.issuer) throw new OidcError('discovery names another issuer', true);
      for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const)
        if (typeof document[endpoint] !== 'string' || !URL.canParse(document[endpoint])) throw new OidcError(`discovery has no ${endpoint}`, true);
      return document;
    })();
    // A failed discovery is tried again at the next sign-in.
    this.discovery.catch(() => (this.discovery = undefined));
    return this.discovery;
  }

  /** The provider's signing key by id, fetching the key set again once for an id not seen yet (the provider rotated). */
  private async key(kid: string | undefined): Promise<KeyObject> {
    const known = kid === undefined ? undefined : this.keys.get(kid);
    if (known) return known;
    const { jwks_uri } = await this.discover();
    const response = await reach('key set', jwks_uri);
    if (!response.ok) throw new OidcError(`key set answered ${response.status}`);
    const set = (await response.json().catch(() => null)) as { keys?: unknown } | null;
    const keys = Array.isArray(set?.keys) ? (set.keys as Array<JsonWebKey & { kid?: string; use?: string }>) : [];
    const signing = keys.filter((jwk) => jwk?.kty === 'RSA' && (jwk.use === undefined || jwk.use === 'sig'));
    const publicKey = (jwk: JsonWebKey) => {
      try {
        return createPublicKey({ key: jwk, format: 'jwk' });
      } catch {
        throw new OidcError('the provider publishes a key that is not an RSA public key');
      }
    };
    this.keys = new Map(signing.filter((jwk) => typeof jwk.kid === 'string').map((jwk) => [jwk.kid!, publicKey(jwk)]));
    const found = kid === undefined ? (signing.length === 1 ? publicKey(signing[0]!) : undefined) : this.keys.get(kid);
    if (!found) throw new OidcError('ID token signed with a key the provider does not publish');
    return found;
  }
}

/** A request to the provider; not reaching it in 10 s is the provider's failure, said as one. */
async function reach(what: string, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new OidcError(`${what} not reachable`, true);
  }
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new OidcError('ID token is not JSON');
  }
}
