import { generateKeyPairSync } from 'node:crypto';
import { OidcStandIn } from '@platform/testing';
import { OidcClient, OidcError, newOidcRequest } from './oidc';

/**
 * The relying party against a provider on loopback (the OpenID Connect stand-in): the whole code
 * flow with PKCE, and an ID token refused for each reason OpenID Connect Core 3.1.3.7 names.
 */
describe('OidcClient', () => {
  const redirectUri = 'http://127.0.0.1:1/sign-in/sso/callback';
  const provider = new OidcStandIn({ clientId: 'console', clientSecret: 'secret', redirectUri, rolesClaim: 'console_roles' });
  let issuer: string;
  const client = () => new OidcClient({ issuer, clientId: 'console', clientSecret: 'secret', redirectUri });
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (changes: Record<string, unknown> = {}) => ({
    iss: issuer,
    sub: 'person-1',
    aud: 'console',
    exp: now() + 300,
    iat: now(),
    nonce: 'n-1',
    ...changes,
  });

  beforeAll(async () => {
    issuer = await provider.listen();
  });
  afterAll(() => provider.close());

  /** What a browser does between the two legs: follows the authorization URL and signs in on the provider's form. */
  async function codeFor(url: string, email: string, roles: string): Promise<string> {
    const params = new URL(url).searchParams;
    const form = new URLSearchParams([...params, ['email', email], ['roles', roles]]);
    const answer = await fetch(`${issuer}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe(params.get('state'));
    return back.searchParams.get('code')!;
  }

  it('signs a person in with the code, the PKCE verifier and the client secret, and answers the checked claims', async () => {
    const request = newOidcRequest();
    const url = await client().authorizationUrl(request);
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    expect(url).not.toContain(request.codeVerifier);
    const code = await codeFor(url, 'Ada@Ops.Example', 'finance');
    const person = await client().signIn(code, request);
    expect(person).toMatchObject({ iss: issuer, email: 'ada@ops.example', email_verified: true, console_roles: ['finance'], nonce: request.nonce });
    // The code works once.
    await expect(client().signIn(code, request)).rejects.toThrow(new OidcError('token endpoint answered 400 invalid_grant'));
  });

  it('refuses a code exchanged with another verifier (a stolen code without the browser’s binding)', async () => {
    const request = newOidcRequest();
    const code = await codeFor(await client().authorizationUrl(request), 'ada@ops.example', 'admin');
    await expect(client().signIn(code, { ...request, codeVerifier: newOidcRequest().codeVerifier })).rejects.toThrow(/invalid_grant/);
  });

  it('refuses a client without its secret', async () => {
    const request = newOidcRequest();
    const code = await codeFor(await client().authorizationUrl(request), 'ada@ops.example', 'admin');
    const wrong = new OidcClient({ issuer, clientId: 'console', clientSecret: 'guessed', redirectUri });
    await expect(wrong.signIn(code, request)).rejects.toThrow(/401 invalid_client/);
  });

  it('believes a token signed by the provider for this client and sign-in', async () => {
    await expect(client().verifyIdToken(provider.signIdToken(claims()), 'n-1')).resolves.toMatchObject({ sub: 'person-1' });
  });

  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  it.each<[string, () => string, string]>([
    ['another sign-in’s nonce', () => provider.signIdToken(claims({ nonce: 'n-2' })), 'ID token nonce does not match the sign-in'],
    ['another issuer', () => provider.signIdToken(claims({ iss: 'https://evil.example' })), 'ID token from another issuer'],
    ['another client', () => provider.signIdToken(claims({ aud: 'panel' })), 'ID token for another client'],
    [
      'several audiences without this client as the authorized party',
      () => provider.signIdToken(claims({ aud: ['console', 'panel'] })),
      'ID token authorized for another party',
    ],
    ['an expired token', () => provider.signIdToken(claims({ exp: now() - 120 })), 'ID token expired'],
    ['a token issued in the future', () => provider.signIdToken(claims({ iat: now() + 600 })), 'ID token issued in the future'],
    ['a token not valid yet', () => provider.signIdToken(claims({ nbf: now() + 600 })), 'ID token not valid yet'],
    ['a token authorized for another party', () => provider.signIdToken(claims({ azp: 'panel' })), 'ID token authorized for another party'],
    ['claims that are not an object', () => provider.signIdToken(null as never), 'ID token claims are not an object'],
    ['a header that is not an object', () => `${Buffer.from('null').toString('base64url')}.e30.c2ln`, 'ID token algorithm undefined is not accepted'],
    ['no subject', () => provider.signIdToken(claims({ sub: '' })), 'ID token without a subject'],
    [
      'a key the provider does not publish',
      () => provider.signIdToken(claims(), otherKey, 'unknown-kid'),
      'ID token signed with a key the provider does not publish',
    ],
    [
      'the provider’s key id on another key’s signature',
      () => provider.signIdToken(claims(), otherKey, JSON.parse(Buffer.from(provider.signIdToken(claims()).split('.')[0]!, 'base64url').toString()).kid),
      'ID token signature does not verify',
    ],
    [
      'alg none',
      () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.`,
      'ID token algorithm none is not accepted',
    ],
    [
      'a shared-secret algorithm',
      () => `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.c2ln`,
      'ID token algorithm HS256 is not accepted',
    ],
    ['not a JWS', () => 'not-a-token', 'ID token is not a JWS'],
  ])('refuses %s', async (_, token, reason) => {
    await expect(client().verifyIdToken(token(), 'n-1')).rejects.toThrow(new OidcError(reason));
  });

  it('says a provider it cannot reach is unavailable, as a refusal and not a crash', async () => {
    const gone = new OidcClient({ issuer: 'http://127.0.0.1:9', clientId: 'console', clientSecret: 'secret', redirectUri });
    await expect(gone.authorizationUrl(newOidcRequest())).rejects.toThrow(new OidcError('discovery not reachable'));
  });
});
