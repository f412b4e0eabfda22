import { signV3Request, signV4Request } from '@platform/signing';
import type { ProvisionedMerchant } from './merchant-factory';

export interface SignedResponse {
  status: number;
  headers: Headers;
  body: any;
}

export interface V4RequestOverrides {
  /** Replace or remove (undefined) any header the client would send. */
  headers?: Record<string, string | undefined>;
  timestamp?: number;
  secret?: string;
}

async function toResponse(response: Response): Promise<SignedResponse> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // left as text
  }
  return { status: response.status, headers: response.headers, body };
}

function merge(base: Record<string, string>, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...base, ...overrides };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A merchant's server calling the Direct API v4, signing exactly as the spec says. */
export class V4Client {
  constructor(
    private readonly gatewayUrl: string,
    readonly merchant: ProvisionedMerchant,
  ) {}

  async request(method: string, path: string, body?: unknown, overrides: V4RequestOverrides = {}): Promise<SignedResponse> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const signed = signV4Request({
      secret: overrides.secret ?? this.merchant.apiSecret,
      method,
      path,
      body: raw,
      timestamp: overrides.timestamp ?? Math.floor(Date.now() / 1000),
    });
    const headers = merge(
      {
        'X-CEK-Api-Key': this.merchant.apiKey,
        'X-CEK-Environment': this.merchant.environment,
        'X-CEK-Merchant-Code': this.merchant.merchantCode,
        ...signed,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      overrides.headers,
    );
    return toResponse(await fetch(`${this.gatewayUrl}${path}`, { method, headers, body: body === undefined ? undefined : raw }));
  }

  get(path: string, overrides?: V4RequestOverrides): Promise<SignedResponse> {
    return this.request('GET', path, undefined, overrides);
  }
}

/** A merchant's server calling the v3 API with the X-CAV-* scheme. */
export class V3Client {
  constructor(
    private readonly gatewayUrl: string,
    readonly merchant: ProvisionedMerchant,
  ) {}

  async request(method: string, target: string, body?: unknown, overrides: V4RequestOverrides = {}): Promise<SignedResponse> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const signed = signV3Request({
      secret: overrides.secret ?? this.merchant.apiSecret,
      method,
      target,
      body: raw,
      timestamp: overrides.timestamp ?? Math.floor(Date.now() / 1000),
    });
    const headers = merge(
      { 'X-CAV-Api-Key': this.merchant.apiKey, ...signed, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      overrides.headers,
    );
    return toResponse(await fetch(`${this.gatewayUrl}${target}`, { method, headers, body: body === undefined ? undefined : raw }));
  }
}
