import { randomUUID } from 'node:crypto';
import type { TestingModule } from '@nestjs/testing';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import {
  ApiError,
  ConsoleEnvironmentSchema,
  ConsoleGetEnvironment,
  ConsoleIssueApiKey,
  ConsoleRevokeApiKey,
  ConsoleSettingsSchema,
  ConsoleUpdateSettings,
  type CommandContract,
} from '@platform/contracts';
import { KafkaConnection, RpcClient } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { queryRows } from '@platform/persistence';
import { testInfrastructure } from '@platform/testing';
import { compileService } from '@platform/service-testing';
import { AdminMerchantsController } from '../admin/admin-merchants.controller';
import { CredentialDirectory } from '../auth/credential-directory';
import { GATEWAY_SERVICE } from '../gateway.service';
import { MerchantsService } from '../merchants/merchants.service';
import { OPERATOR_ONLY_SETTING } from './merchant-console';

/**
 * The merchant panel's commands as the panel sends them: over Kafka to the gateway compiled as
 * main.ts wires it, on the real gateway schema. The operator's PATCH is called beside them to
 * prove a refusal reads the same.
 */
describe('merchant console commands', () => {
  const logger = createLogger('console-it', 'warn');
  const user = { user_id: randomUUID(), email: 'dev@shop.example' };
  let gateway: TestingModule;
  let kafka: KafkaConnection;
  let panel: RpcClient;
  let dataSource: DataSource;
  let merchants: MerchantsService;
  let merchantCode: string;
  let otherMerchantCode: string;
  let firstOutboxSeq: string;

  const send = <Req, Res>(contract: CommandContract<Req, Res>, request: Req, correlationId = randomUUID()) =>
    panel.request(contract, request, { correlationId, timeoutMs: 20_000 });
  /** The ApiError a command was refused with, as the panel receives it. */
  const refusal = async (answer: Promise<unknown>) => {
    const error = await answer.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { code: error.code, status: error.status, detail: error.detail, extras: error.extras };
  };
  const scope = (environment: 'sandbox' | 'live' = 'sandbox') => ({ merchant_code: merchantCode, environment });
  const auditOf = (target: string) =>
    queryRows<{ actor: string; action: string; correlation_id: string }>(
      dataSource,
      'SELECT actor, action, correlation_id FROM gateway.audit_log WHERE target = $1 ORDER BY id',
      [target],
    );

  beforeAll(async () => {
    const compiled = await compileService(GATEWAY_SERVICE);
    gateway = compiled.module;
    kafka = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: 'panel-it', topicPrefix: compiled.topicPrefix }, logger);
    panel = new RpcClient(kafka, logger);
    await panel.start();
    dataSource = gateway.get(DataSource);
    merchants = gateway.get(MerchantsService);
    const [last] = await queryRows<{ seq: string }>(dataSource, 'SELECT coalesce(max(seq), 0)::text AS seq FROM gateway.outbox');
    firstOutboxSeq = last!.seq;
    const operator = { actor: 'ops@example.com', correlationId: 'it-console' };
    merchantCode = (await merchants.createMerchant({ name: 'Console Shop', base_currency: 'TRY' }, operator)).merchant_code;
    otherMerchantCode = (await merchants.createMerchant({ name: 'Other Shop', base_currency: 'EUR' }, operator)).merchant_code;
  });

  afterAll(async () => {
    await panel?.stop();
    await kafka?.close();
    // These merchants exist only in this spec: their settings must not reach the broker through a later suite's relay.
    await dataSource?.query('DELETE FROM gateway.outbox WHERE seq > $1', [firstOutboxSeq]);
    await gateway?.close();
  });

  it('shows the merchant, the settings the panel may read and no keys yet; an unknown merchant is 404 1000011', async () => {
    const environment = await send(ConsoleGetEnvironment, scope());
    expect(environment).toEqual({
      merchant: { merchant_code: merchantCode, name: 'Console Shop', base_currency: 'TRY', status: 'active' },
      settings: expect.objectContaining({ merchant_code: merchantCode, environment: 'sandbox', webhook_url: null, payment_limits: [] }),
      api_keys: [],
    });
    expect(ConsoleSettingsSchema.strict().safeParse(environment.settings).success).toBe(true);
    expect(await refusal(send(ConsoleGetEnvironment, { merchant_code: 'MRC-000000', environment: 'live' }))).toMatchObject({ code: '1000011', status: 404 });
  });

  it('changes the editable settings and audits the change as the merchant user with the command’s correlation id', async () => {
    const correlationId = randomUUID();
    const patch = { webhook_url: 'https://shop.example/hooks', ip_allowlist: ['203.0.113.0/24'], success_return_url: 'https://shop.example/ok' };
    const updated = await send(ConsoleUpdateSettings, { ...scope(), actor: user, patch }, correlationId);
    expect(updated).toMatchObject({ ...patch, merchant_code: merchantCode, environment: 'sandbox', failure_return_url: null });
    expect(updated).not.toHaveProperty('hosted_page_frame_origins');
    expect((await send(ConsoleGetEnvironment, scope())).settings).toEqual(updated);
    expect((await send(ConsoleGetEnvironment, scope('live'))).settings.webhook_url).toBeNull();
    expect((await auditOf(`${merchantCode}/sandbox`)).at(-1)).toEqual({
      actor: `merchant-user:${user.user_id} dev@shop.example`,
      action: 'environment_settings.update',
      correlation_id: correlationId,
    });
  });

  it('refuses an invalid address with the very 422 1000001 of the operator PATCH, and changes nothing', async () => {
    const before = await send(ConsoleGetEnvironment, scope('live'));
    const audited = (await auditOf(`${merchantCode}/live`)).length;
    const patch = { webhook_url: 'http://shop.example/hooks', failure_return_url: 'shop.example' };
    const answer = await refusal(send(ConsoleUpdateSettings, { ...scope('live'), actor: user, patch }));
    expect(answer).toMatchObject({
      code: '1000001',
      status: 422,
      extras: { errors: { webhook_url: ['must use https'], failure_return_url: ['must be an absolute URL'] } },
    });
    const operatorPatch = Promise.resolve().then(() =>
      gateway.get(AdminMerchantsController).patchSettings(merchantCode, 'live', patch, { operator: 'ops', correlationId: 'it' } as FastifyRequest),
    );
    expect(answer).toEqual(await refusal(operatorPatch));
    expect(await send(ConsoleGetEnvironment, scope('live'))).toEqual(before);
    expect(await auditOf(`${merchantCode}/live`)).toHaveLength(audited);
  });

  it('refuses the operator’s fields by name, and changes nothing', async () => {
    const before = await send(ConsoleGetEnvironment, scope());
    const patch = { webhook_url: 'https://shop.example/other', payment_limits: [], direct_api_enabled: false };
    expect(await refusal(send(ConsoleUpdateSettings, { ...scope(), actor: user, patch }))).toEqual({
      code: '1000001',
      status: 422,
      detail: 'Request does not match the schema',
      extras: { errors: { payment_limits: [OPERATOR_ONLY_SETTING], direct_api_enabled: [OPERATOR_ONLY_SETTING] } },
    });
    expect(await send(ConsoleGetEnvironment, scope())).toEqual(before);
  });

  it('issues and rotates keys: key_version rises, the secret is shown once and opens, the previous key retires', async () => {
    const first = await send(ConsoleIssueApiKey, { ...scope(), actor: user });
    const second = await send(ConsoleIssueApiKey, { ...scope(), actor: user });
    expect([first.key_version, second.key_version, second.environment]).toEqual([1, 2, 'sandbox']);
    const credentials = gateway.get(CredentialDirectory);
    credentials.forget([second.api_key]);
    expect(await credentials.find(second.api_key)).toMatchObject({ merchantCode, environment: 'sandbox', keyVersion: 2, secret: second.api_secret });

    const environment = await send(ConsoleGetEnvironment, scope());
    expect(ConsoleEnvironmentSchema.parse(environment).api_keys).toEqual([
      { api_key: first.api_key, key_version: 1, created_at: expect.any(String), expires_at: expect.any(String), state: 'retiring' },
      { api_key: second.api_key, key_version: 2, created_at: expect.any(String), expires_at: null, state: 'active' },
    ]);
    expect(JSON.stringify(environment)).not.toContain(first.api_secret);
    expect(JSON.stringify(environment)).not.toContain(second.api_secret);
    expect((await send(ConsoleGetEnvironment, scope('live'))).api_keys).toEqual([]);
    expect((await auditOf(`${merchantCode}/sandbox`)).filter((row) => row.action === 'api_key.issue').map((row) => row.actor)).toEqual([
      `merchant-user:${user.user_id} dev@shop.example`,
      `merchant-user:${user.user_id} dev@shop.example`,
    ]);
  });

  it('revokes only a key of the merchant and environment named: another merchant’s or environment’s key is 404 1000011 and keeps working', async () => {
    const operator = { actor: 'ops@example.com', correlationId: 'it-console' };
    const foreign = await merchants.issueApiKey(otherMerchantCode, 'sandbox', operator);
    const live = await merchants.issueApiKey(merchantCode, 'live', operator);
    for (const apiKey of [foreign.api_key, live.api_key]) {
      expect(await refusal(send(ConsoleRevokeApiKey, { ...scope(), actor: user, api_key: apiKey }))).toMatchObject({ code: '1000011', status: 404 });
    }
    const [foreignKey, liveKey] = await Promise.all(
      [foreign, live].map((key) =>
        queryRows<{ expires_at: Date | null }>(dataSource, 'SELECT expires_at FROM gateway.api_keys WHERE api_key = $1', [key.api_key]),
      ),
    );
    expect([foreignKey![0]!.expires_at, liveKey![0]!.expires_at]).toEqual([null, null]);
    expect((await auditOf(`${otherMerchantCode}/sandbox`)).map((row) => row.action)).not.toContain('api_key.revoke');

    const active = (await send(ConsoleGetEnvironment, scope())).api_keys.find((key) => key.state === 'active')!;
    const correlationId = randomUUID();
    const revoked = await send(ConsoleRevokeApiKey, { ...scope(), actor: user, api_key: active.api_key }, correlationId);
    expect(revoked).toEqual({ api_key: active.api_key, revoked_at: expect.any(String) });
    expect((await send(ConsoleGetEnvironment, scope())).api_keys.find((key) => key.api_key === active.api_key)).toMatchObject({
      state: 'ended',
      expires_at: revoked.revoked_at,
    });
    expect(await refusal(send(ConsoleRevokeApiKey, { ...scope(), actor: user, api_key: active.api_key }))).toMatchObject({ code: '1000011' });
    expect((await auditOf(`${merchantCode}/sandbox`)).at(-1)).toEqual({
      actor: `merchant-user:${user.user_id} dev@shop.example`,
      action: 'api_key.revoke',
      correlation_id: correlationId,
    });
  });
});
