import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { REPO_ROOT, recordRunTopicPrefix, testInfrastructure } from '@platform/testing';

/** A service with a bad configuration refuses to start and says exactly what is wrong. */
function run(script: string, env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', script)], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 30000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const start = (app: string, env: Record<string, string>) => run(`apps/${app}/src/main.js`, env);

describe('configuration fails fast', () => {
  it('names every missing production secret of the gateway and exits 1', () => {
    const result = start('gateway', { NODE_ENV: 'production', WEBHOOK_ALLOW_LOOPBACK: 'true' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('gateway: invalid configuration');
    // The bootstrap ADMIN_TOKEN is not one of them: without it the operator API takes named tokens only.
    expect(result.stderr).not.toContain('ADMIN_TOKEN');
    expect(result.stderr).toContain('MASTER_KEY: required in production');
    expect(result.stderr).toContain('WEBHOOK_ALLOW_LOOPBACK: must not be true in production');
    expect(result.stderr).toContain('TRUSTED_PROXIES: required in production');
  });

  it('refuses the development ADMIN_TOKEN, or a short one, in production', () => {
    for (const token of ['dev-admin-token', 'short-admin-token']) {
      const result = start('gateway', { NODE_ENV: 'production', ADMIN_TOKEN: token });
      expect([result.status, result.stderr]).toEqual([1, expect.stringContaining('ADMIN_TOKEN: must be at least 32 characters and not the development token')]);
    }
  });

  it('refuses to start checkout in production without the proxies it must trust', () => {
    const result = start('checkout', { NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('TRUSTED_PROXIES: required in production');
  });

  it('refuses to start orders-v4 in production without the key of card fingerprints', () => {
    const result = start('orders-v4', { NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CARD_FINGERPRINT_KEY: required in production');
    expect(result.stderr).toContain('CARD_DATA_KEY: required in production');
  });

  it('refuses to connect a production service without its own database password, or with the owner credentials', () => {
    const result = start('ledger', { NODE_ENV: 'production', DATABASE_URL: 'postgresql://owner:owner-secret@127.0.0.1:5432/platform' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_PASSWORD: required in production');
    expect(result.stderr).toContain('DATABASE_URL: must not carry credentials in production');
    expect(result.stderr).not.toContain('owner-secret');
  });

  it('starts a production service only on topics the topics job made, and the job makes them', () => {
    const prefix = `fail-fast-${randomUUID().slice(0, 8)}.`;
    recordRunTopicPrefix(prefix);
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: testInfrastructure.adminDatabaseUrl.replace('postgres@', ''),
      DATABASE_PASSWORD: 'trust-auth-ignores-it',
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers,
      KAFKA_TOPIC_PREFIX: prefix,
    };
    const refused = start('ledger', production);
    expect(refused.status).toBe(1);
    expect(refused.stdout + refused.stderr).toContain(`Kafka topics missing: ${prefix}orders.commands.v1`);
    const job = run('tools/topics.js', { KAFKA_BROKERS: testInfrastructure.kafkaBrokers, KAFKA_TOPIC_PREFIX: prefix, KAFKA_PARTITIONS_EVENTS: '4' });
    expect(job.status).toBe(0);
    expect(job.stdout).toContain(`${prefix}payments.events.v1: 4 partitions, created`);
    expect(job.stdout).toContain(`${prefix}gateway.merchant-settings.v1: 1 partitions, created`);
  });

  it('refuses a malformed broker list and port before touching any infrastructure', () => {
    const result = start('orders-v4', { KAFKA_BROKERS: 'localhost', PORT: '99999' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/KAFKA_BROKERS: expected host:port/);
    expect(result.stderr).toMatch(/PORT: Number must be less than or equal to 65535/);
  });

  it('never prints a secret it rejects', () => {
    const result = start('gateway', { MASTER_KEY: 'c2hvcnQta2V5LXZhbHVl' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('MASTER_KEY: must be 32 bytes encoded in base64');
    expect(result.stderr).not.toContain('c2hvcnQta2V5LXZhbHVl');
  });
});
