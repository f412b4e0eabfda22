import { randomUUID } from 'node:crypto';
import type { Environment } from '@platform/contracts';
import { testInfrastructure } from './test-environment';

export interface ProvisionedMerchant {
  merchantCode: string;
  accountNumber: string;
  environment: Environment;
  apiKey: string;
  apiSecret: string;
  keyVersion: number;
}

export interface ProvisionOptions {
  environment?: Environment;
  ipAllowlist?: string[];
  settings?: Record<string, unknown>;
  name?: string;
  baseCurrency?: string;
}

/** A small client for the operator API, as the back office would call it. */
export class OperatorClient {
  constructor(
    private readonly gatewayUrl: string,
    private readonly token = testInfrastructure.adminToken,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const response = await fetch(`${this.gatewayUrl}${path}`, {
      method,
      headers: {
        ...headers,
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  /**
   * The first item of a paged operator list that matches, looked for page after page: a shared
   * test database keeps the rows of every earlier run, so a first page proves nothing.
   */
  async findListed(path: string, matches: (item: any) => boolean): Promise<any> {
    for (let page = 1; ; page++) {
      const body = await this.expect(200, 'GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
      const found = body.data.find(matches);
      if (found || page >= body.meta.total_pages) return found;
    }
  }

  private async expect(status: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
    const result = await this.call(method, path, body, headers);
    if (result.status !== status) throw new Error(`${method} ${path} answered ${result.status}: ${JSON.stringify(result.body)}`);
    return result.body;
  }

  /** Money into a merchant's API wallet by hand (an operator's credit adjustment), so that it can withdraw. */
  async creditWallet(merchantCode: string, amount: string, environment: Environment = 'sandbox'): Promise<void> {
    await this.expect(
      201,
      'POST',
      `/admin/v1/merchants/${merchantCode}/environments/${environment}/wallet-adjustments`,
      { wallet: 'api', direction: 'credit', amount, reason: 'test funds' },
      { 'Idempotency-Key': randomUUID() },
    );
  }

  /** A merchant with a key for one environment, reachable from this machine. */
  async provisionMerchant(options: ProvisionOptions = {}): Promise<ProvisionedMerchant> {
    const environment = options.environment ?? 'sandbox';
    const merchant = await this.expect(201, 'POST', '/admin/v1/merchants', {
      name: options.name ?? 'Test Merchant',
      base_currency: options.baseCurrency ?? 'TRY',
    });
    const key = await this.expect(201, 'POST', `/admin/v1/merchants/${merchant.merchant_code}/api-keys`, { environment });
    await this.expect(200, 'PATCH', `/admin/v1/merchants/${merchant.merchant_code}/environments/${environment}`, {
      ip_allowlist: options.ipAllowlist ?? ['127.0.0.1', '::1'],
      ...(environment === 'live' ? { direct_api_enabled: true, setup_complete: true } : {}),
      ...options.settings,
    });
    return {
      merchantCode: merchant.merchant_code,
      accountNumber: merchant.account_number,
      environment,
      apiKey: key.api_key,
      apiSecret: key.api_secret,
      keyVersion: key.key_version,
    };
  }
}
