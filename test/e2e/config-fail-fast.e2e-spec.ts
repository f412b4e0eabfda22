import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '@platform/testing';

/** A service with a bad configuration refuses to start and says exactly what is wrong. */
function start(app: string, env: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'dist/apps', app, 'src/main.js')], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe('configuration fails fast', () => {
  it('names every missing production secret of the gateway and exits 1', () => {
    const result = start('gateway', { NODE_ENV: 'production', WEBHOOK_ALLOW_LOOPBACK: 'true' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('gateway: invalid configuration');
    expect(result.stderr).toContain('ADMIN_TOKEN: required in production');
    expect(result.stderr).toContain('MASTER_KEY: required in production');
    expect(result.stderr).toContain('WEBHOOK_ALLOW_LOOPBACK: must not be true in production');
    expect(result.stderr).toContain('TRUSTED_PROXIES: required in production');
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
