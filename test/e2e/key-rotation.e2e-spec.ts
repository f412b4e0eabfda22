import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@platform/signing';
import { OperatorClient, Stack, V3Client, eventually, payOnPaymentPage, type ProvisionedMerchant } from '@platform/testing';

/**
 * A leaked API secret stops working at once (a rotation without grace, or a revoke call),
 * and during an ordinary rotation webhooks stay verifiable with the secret the merchant's
 * servers hold: signed with the old key until the new one has been used, then with the new.
 */
describe('API key rotation and revocation', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let receiver: Server;
  let receiverUrl: string;
  const deliveries: { paymentCode: string; rawBody: Buffer; timestamp: string; signature: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        const body = JSON.parse(rawBody.toString('utf8')) as { payment?: { code: string } };
        deliveries.push({
          paymentCode: body.payment?.code ?? '',
          rawBody,
          timestamp: request.headers['x-cav-timestamp'] as string,
          signature: request.headers['x-cav-signature'] as string,
        });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'webhook-dispatcher'],
      env: { DISPATCH_INTERVAL_MS: '100', KAFKA_TOPIC_PREFIX: `test-keys-${randomUUID().slice(0, 8)}.` },
    });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const rotate = async (merchant: ProvisionedMerchant, body: Record<string, unknown> = {}): Promise<ProvisionedMerchant> => {
    const issued = await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/api-keys`, { environment: merchant.environment, ...body });
    expect(issued.status).toBe(201);
    return { ...merchant, apiKey: issued.body.api_key, apiSecret: issued.body.api_secret, keyVersion: issued.body.key_version };
  };
  const balanceRead = async (merchant: ProvisionedMerchant) =>
    (await new V3Client(stack.url('gateway'), merchant).request('GET', '/api/v3/payments/zzzz')).body.code;

  /** Pays a new payment and answers which of the secrets verifies its payment.paid delivery. */
  async function paidDeliverySignedWith(merchant: ProvisionedMerchant, secrets: Record<string, string>): Promise<string[]> {
    const created = await new V3Client(stack.url('gateway'), merchant).request(
      'POST',
      '/api/v3/payments',
      { amount: '10.00', currency_code: 'TRY' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    await payOnPaymentPage(created.body.payment_url);
    const delivery = await eventually(
      async () => deliveries.find((candidate) => candidate.paymentCode === created.body.code),
      (found) => found !== undefined,
    );
    return Object.entries(secrets)
      .filter(([, secret]) => verifyWebhook({ secret, timestamp: delivery!.timestamp, signature: delivery!.signature, rawBody: delivery!.rawBody }).ok)
      .map(([name]) => name);
  }

  it('stops the previous key at once when a key is issued without grace', async () => {
    const first = await operator.provisionMerchant();
    // 1000011: the key authenticated; the payment does not exist.
    expect(await balanceRead(first)).toBe('1000011');
    const second = await rotate(first, { previous_key_grace_seconds: 0 });
    expect(await balanceRead(first)).toBe('0055502');
    expect(await balanceRead(second)).toBe('1000011');
  });

  it('revokes one key at once, audited, and refuses an unknown one', async () => {
    const merchant = await operator.provisionMerchant();
    expect(await balanceRead(merchant)).toBe('1000011');
    const revoked = await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/api-keys/${merchant.apiKey}/revoke`);
    expect([revoked.status, revoked.body.api_key, revoked.body.environment]).toEqual([200, merchant.apiKey, 'sandbox']);
    expect(await balanceRead(merchant)).toBe('0055502');
    const again = await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/api-keys/${merchant.apiKey}/revoke`);
    expect([again.status, again.body.code]).toEqual([404, '1000011']);
    const audit = await operator.call('GET', `/admin/v1/audit-log?target=${merchant.merchantCode}&action=api_key.revoke`);
    expect(audit.body.data).toHaveLength(1);
  });

  it('signs webhooks with the key the merchant uses: the old one until the new one is used, then the new one', async () => {
    const old = await operator.provisionMerchant({ settings: { webhook_url: `${receiverUrl}/hooks` } });
    expect(await balanceRead(old)).toBe('1000011');
    const rotated = await rotate(old);
    const secrets = { old: old.apiSecret, new: rotated.apiSecret };
    // The merchant's servers still hold the old secret: deliveries stay verifiable with it.
    expect(await paidDeliverySignedWith(old, secrets)).toEqual(['old']);
    // The merchant deploys the new secret; its first request confirms the new key.
    expect(await balanceRead(rotated)).toBe('1000011');
    await eventually(
      () => paidDeliverySignedWith(rotated, secrets),
      (signedWith) => signedWith.join() === 'new',
    );
  });

  it('signs with the new key at once when the old one was revoked', async () => {
    const old = await operator.provisionMerchant({ settings: { webhook_url: `${receiverUrl}/hooks` } });
    expect(await balanceRead(old)).toBe('1000011');
    const rotated = await rotate(old, { previous_key_grace_seconds: 0 });
    await eventually(
      () => paidDeliverySignedWith(rotated, { old: old.apiSecret, new: rotated.apiSecret }),
      (signedWith) => signedWith.join() === 'new',
    );
  });
});
