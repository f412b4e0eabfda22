import type { FastifyRequest } from 'fastify';
import { signV3Request, signV4Request } from '@platform/signing';
import { Secret, SystemClock } from '@platform/service-kit';
import type { Config } from '../config';
import type { CredentialDirectory, Credential } from './credential-directory';
import { IpAllowlist } from './ip-allowlist';
import { RequestAuthenticator } from './request-authenticator';
import type { MerchantsService } from '../merchants/merchants.service';

const SECRET = 'sk_unit_secret';

function credential(overrides: Partial<Credential> = {}): Credential {
  return {
    apiKey: 'ck_sbx_unit',
    merchantCode: 'MRC-123456',
    accountNumber: '123456',
    environment: 'sandbox',
    keyVersion: 3,
    secret: SECRET,
    expiresAt: null,
    firstUsed: true,
    merchantActive: true,
    settingsVersion: 7,
    directApiEnabled: true,
    allowlist: new IpAllowlist(['127.0.0.1']),
    ...overrides,
  };
}

function authenticator(found: Credential | null): RequestAuthenticator {
  const directory = { find: async () => found } as unknown as CredentialDirectory;
  const config = { TIMESTAMP_TOLERANCE_SECONDS: 300, ADMIN_TOKEN: new Secret('x') } as unknown as Config;
  const keys = { confirmFirstUse: async () => undefined } as unknown as MerchantsService;
  return new RequestAuthenticator(directory, keys, config, new SystemClock());
}

function request(method: string, url: string, headers: Record<string, string>, body = ''): FastifyRequest {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, url, headers: lower, ip: '127.0.0.1', rawBody: body ? Buffer.from(body) : undefined } as unknown as FastifyRequest;
}

function v3Request(target: string, overrides: Record<string, string> = {}, body = '', method = 'GET'): FastifyRequest {
  return request(method, target, { 'X-CAV-Api-Key': 'ck_sbx_unit', ...signV3Request({ secret: SECRET, method, target, body }), ...overrides }, body);
}

describe('v3 request authentication', () => {
  it('accepts a request signed over its path and query, with the environment of the key and the settings version it saw', async () => {
    const caller = await authenticator(credential({ environment: 'live' })).authenticate(v3Request('/api/v3/balance?x=1'), 'v3');
    expect(caller).toEqual({
      apiKey: 'ck_sbx_unit',
      merchantCode: 'MRC-123456',
      environment: 'live',
      accountNumber: '123456',
      keyVersion: 3,
      settingsVersion: 7,
    });
  });

  it('refuses a request whose query differs from the signed one with 0055505', async () => {
    const signed = signV3Request({ secret: SECRET, method: 'GET', target: '/api/v3/refunds?page=1' });
    const forged = request('GET', '/api/v3/refunds?page=2', { 'X-CAV-Api-Key': 'ck_sbx_unit', ...signed });
    await expect(authenticator(credential()).authenticate(forged, 'v3')).rejects.toMatchObject({ code: '0055505' });
  });

  it('signs the exact body bytes', async () => {
    const body = '{"amount":"10.00"}';
    const ok = v3Request('/api/v3/payments', {}, body, 'POST');
    await expect(authenticator(credential()).authenticate(ok, 'v3')).resolves.toBeDefined();
    const signed = signV3Request({ secret: SECRET, method: 'POST', target: '/api/v3/payments', body });
    const altered = request('POST', '/api/v3/payments', { 'X-CAV-Api-Key': 'ck_sbx_unit', ...signed }, '{"amount": "10.00"}');
    await expect(authenticator(credential()).authenticate(altered, 'v3')).rejects.toMatchObject({ code: '0055505' });
  });

  it.each([
    ['unknown key', null, {}, '0055502', 401],
    ['retired key', credential({ expiresAt: new Date(Date.now() - 1000) }), {}, '0055502', 401],
    ['inactive account', credential({ merchantActive: false }), {}, '0055502', 403],
    ['empty allowlist', credential({ allowlist: new IpAllowlist([]) }), {}, '0055501', 403],
    ['stale timestamp', credential(), { 'X-CAV-Timestamp': String(Math.floor(Date.now() / 1000) - 400) }, '0055504', 401],
    ['uppercase signature', credential(), { 'X-CAV-Signature': 'F'.repeat(64) }, '0055504', 401],
  ] as const)('answers a %s with %s', async (_case, found, headers, code, status) => {
    await expect(authenticator(found).authenticate(v3Request('/api/v3/balance', headers), 'v3')).rejects.toMatchObject({ code, status });
  });

  it('does not ask v3 callers for the v4 environment or merchant headers, nor for Direct API access', async () => {
    const caller = await authenticator(credential({ directApiEnabled: false })).authenticate(v3Request('/api/v3/balance'), 'v3');
    expect(caller.merchantCode).toBe('MRC-123456');
  });
});

describe('v4 request authentication', () => {
  it('signs the path without its query string', async () => {
    const signed = signV4Request({ secret: SECRET, method: 'GET', path: '/api/v4/bins/435509' });
    const req = request('GET', '/api/v4/bins/435509?amount=1.00', {
      'X-CEK-Api-Key': 'ck_sbx_unit',
      'X-CEK-Environment': 'sandbox',
      'X-CEK-Merchant-Code': 'MRC-123456',
      ...signed,
    });
    await expect(authenticator(credential()).authenticate(req, 'v4')).resolves.toMatchObject({ environment: 'sandbox' });
  });

  it('lets a live caller leave out the merchant code but not send another one', async () => {
    const live = credential({ environment: 'live' });
    const base = {
      'X-CEK-Api-Key': 'ck_live_unit',
      'X-CEK-Environment': 'live',
      ...signV4Request({ secret: SECRET, method: 'GET', path: '/api/v4/bins/435509' }),
    };
    await expect(authenticator(live).authenticate(request('GET', '/api/v4/bins/435509', base), 'v4')).resolves.toBeDefined();
    await expect(
      authenticator(live).authenticate(request('GET', '/api/v4/bins/435509', { ...base, 'X-CEK-Merchant-Code': 'MRC-999999' }), 'v4'),
    ).rejects.toMatchObject({ code: '0055502', status: 401 });
  });
});
