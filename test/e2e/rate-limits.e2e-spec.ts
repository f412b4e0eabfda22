import { OperatorClient, Stack, V4Client, type SignedResponse } from '@platform/testing';

/**
 * Rate limits hold across gateway replicas: two gateway processes share one Redis
 * count. Limits are lowered so the test stays short: 40/min per address before
 * authentication, 5/min per API key after it, 3/min for the public service status.
 * Gateway B also trusts 127.0.0.1 as a proxy, so X-Forwarded-For names the client there.
 */
const LIMITS = {
  RATE_LIMIT_IP_PER_MINUTE: '40',
  RATE_LIMIT_KEY_PER_MINUTE: '5',
  RATE_LIMIT_STATUS_PER_MINUTE: '3',
  RATE_LIMIT_PREFIX: `rl-e2e-${Date.now()}`,
};

describe('rate limits shared by two gateway replicas', () => {
  let stackA: Stack;
  let stackB: Stack;
  let gatewayA: string;
  let gatewayB: string;
  let operator: OperatorClient;

  beforeAll(async () => {
    stackA = await Stack.start({ apps: ['gateway', 'orders-v4', 'status'], env: LIMITS });
    stackB = await Stack.start({ apps: ['gateway'], env: { ...LIMITS, TRUSTED_PROXIES: '127.0.0.1,::1' } });
    gatewayA = stackA.url('gateway');
    gatewayB = stackB.url('gateway');
    operator = new OperatorClient(gatewayA);
  });

  afterAll(async () => {
    await stackB?.stop();
    await stackA?.stop();
  });

  const lookup = '/api/v4/bins/435509?amount=100.00';

  it('counts one API key across both replicas and answers 429 1000005 with Retry-After past 5', async () => {
    const merchant = await operator.provisionMerchant();
    const clients = [new V4Client(gatewayA, merchant), new V4Client(gatewayB, merchant)];
    const answers: SignedResponse[] = [];
    for (let i = 0; i < 6; i += 1) answers.push(await clients[i % 2]!.get(lookup));

    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(0, 5).map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);
    expect(answers.every((a) => a.headers.get('x-ratelimit-limit') === '5')).toBe(true);
    const refused = answers[5]!;
    expect([refused.status, refused.body.code]).toEqual([429, '1000005']);
    expect(refused.body.metadata).toEqual({
      developer_detail: expect.stringMatching(/5 requests per minute/),
      retry_class: 'wait_and_retry',
      audit_event: 'rate_limit.exceeded',
    });
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-correlation-id')).toBeTruthy();

    const other = await operator.provisionMerchant();
    expect((await new V4Client(gatewayB, other).get(lookup)).status).toBe(200);
  });

  it('gives the public service status its own limit of 3 and answers 429 past it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${i % 2 ? gatewayB : gatewayA}/api/v3/service-status`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('uses X-Forwarded-For only from a trusted proxy, for the allowlist and the address limit', async () => {
    const behindProxy = await operator.provisionMerchant({ ipAllowlist: ['203.0.113.0/24'] });
    const forwarded = { headers: { 'X-Forwarded-For': '203.0.113.9' } };
    const viaTrusted = await new V4Client(gatewayB, behindProxy).get(lookup, forwarded);
    expect(viaTrusted.status).toBe(200);
    expect(viaTrusted.headers.get('x-ratelimit-remaining')).toBe('4');
    const viaUntrusted = await new V4Client(gatewayA, behindProxy).get(lookup, forwarded);
    expect([viaUntrusted.status, viaUntrusted.body.code]).toEqual([403, '0055501']);
  });

  it('counts every address before authentication across both replicas, then refuses even unsigned calls', async () => {
    const remaining: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 60 && !refused; i += 1) {
      const response = await fetch(`${i % 2 ? gatewayB : gatewayA}/api/v4/bins/435509?amount=1.00`);
      if (response.status === 429) refused = response;
      else remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect(refused).toBeDefined();
    // One shared count: every answer, from either replica, is one below the previous.
    expect(remaining.length).toBeGreaterThan(10);
    remaining.slice(1).forEach((value, i) => expect(value).toBe(remaining[i]! - 1));
    expect(remaining[remaining.length - 1]).toBe(0);
    expect(((await refused!.json()) as { code: string }).code).toBe('1000005');
    expect(refused!.headers.get('x-ratelimit-limit')).toBe('40');
  });
});
