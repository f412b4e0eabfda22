import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import YAML from 'yaml';
import { PLATFORM_APPS, serviceNodeOptions } from '@platform/contracts';
import { REPO_ROOT } from '@platform/testing';

/**
 * docker-compose.yml, checked without a Docker engine: against the Compose Specification's
 * JSON schema (tools/schemas/compose-spec.json, from github.com/compose-spec/compose-spec)
 * after the interpolation Compose does, and for what integration suites on the host need.
 */
type Compose = { services: Record<string, any> };

/**
 * `${VAR:-default}` (unset or empty), `${VAR-default}` (unset only) and `${VAR}` in every string
 * value, as Compose resolves them after parsing, with the given environment.
 */
function interpolate(node: unknown, env: Record<string, string>): unknown {
  if (typeof node === 'string')
    return node.replace(/\$\{(\w+)(?:(:?)-([^}]*))?\}/g, (_match, name: string, colon?: string, fallback?: string) => {
      const value = env[name];
      if (fallback === undefined) return value ?? '';
      return value === undefined || (colon === ':' && value === '') ? fallback : value;
    });
  if (Array.isArray(node)) return node.map((item) => interpolate(item, env));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolate(value, env)]));
  return node;
}

function load(env: Record<string, string> = {}): Compose {
  return interpolate(YAML.parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }), env) as Compose;
}

// Its $schema names draft-07 by an https address Ajv does not know; the draft is Ajv's default.
const { $schema: _draft, ...schema } = JSON.parse(readFileSync(join(REPO_ROOT, 'tools/schemas/compose-spec.json'), 'utf8'));
const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
const problems = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`));

const APPS = ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger', 'payouts', 'disputes', 'webhook-dispatcher', 'status', 'panel', 'console'];
/** Published to the host, for browsers and the suites there: the merchant API, the customer pages and the merchant panel. */
const PUBLISHED = ['gateway', 'checkout', 'panel', 'console'];

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification, with and without the host-webhooks settings', () => {
    expect(problems(load())).toEqual([]);
    expect(problems(load({ WEBHOOK_ALLOW_LOOPBACK: 'true', DISPATCHER_REPLICAS: '0', POSTGRES_HOST_PORT: '15432' }))).toEqual([]);
  });

  it('runs every platform app, each from its own Dockerfile target on its own port', () => {
    const { services } = load();
    expect(APPS).toEqual([...PLATFORM_APPS]);
    APPS.forEach((app, index) => {
      expect(services[app].build).toEqual({ context: '.', target: app });
      expect(services[app].environment.PORT).toBe(8080 + index);
      expect(services[app].healthcheck.test.join(' ')).toContain(`http://127.0.0.1:${8080 + index}/readyz`);
    });
  });

  it('runs each image with the V8 flags the platform is measured with', () => {
    const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const shared = /FROM \$\{NODE_IMAGE\} AS runtime[\s\S]*?NODE_OPTIONS=(\S+)/.exec(dockerfile)![1];
    const flagsOf = (app: string) => {
      const target = dockerfile.split(/^FROM /m).find((stage) => stage.startsWith(`runtime AS ${app}\n`))!;
      return /NODE_OPTIONS=(\S+)/.exec(target)?.[1] ?? shared;
    };
    expect(Object.fromEntries(PLATFORM_APPS.map((app) => [app, flagsOf(app)]))).toEqual(
      Object.fromEntries(PLATFORM_APPS.map((app) => [app, serviceNodeOptions(app)])),
    );
  });

  it('is refused by the schema when a service is malformed', () => {
    const broken = load();
    broken.services.gateway.ports = [{ target: 'eighty' }];
    broken.services.gateway.restart_policy = 'always';
    expect(problems(broken)).toEqual(expect.arrayContaining(['/services/gateway must NOT have additional properties']));
  });

  it('gives the gateway and checkout Redis, so rate limits are on', () => {
    const { services } = load();
    for (const app of ['gateway', 'checkout']) expect(services[app].environment.REDIS_URL).toBe('redis://redis:6379');
    expect(services.gateway.depends_on.redis).toEqual({ condition: 'service_healthy' });
  });

  it('publishes Postgres, Kafka, the gateway, checkout, the panel and the console on the loopback interface only', () => {
    const { services } = load();
    expect(services.postgres.ports).toEqual(['127.0.0.1:5433:5432']);
    expect(services.kafka.ports).toEqual(['127.0.0.1:9094:9094']);
    expect(services.kafka.environment.KAFKA_ADVERTISED_LISTENERS).toContain('HOST://localhost:9094');
    expect(services.gateway.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(services.checkout.ports).toEqual(['127.0.0.1:8081:8081']);
    expect(services.panel.ports).toEqual(['127.0.0.1:8089:8089']);
    expect(services.console.ports).toEqual(['127.0.0.1:8090:8090']);
    for (const app of APPS.filter((name) => !PUBLISHED.includes(name))) expect(services[app].ports).toBeUndefined();
  });

  it('gives the panel its public address, its key and a mail sink it can write, each overridable', () => {
    const panel = load().services.panel.environment;
    expect(panel).toMatchObject({ PANEL_PUBLIC_URL: 'http://localhost:8089', PANEL_KEY: '', MAIL_SMTP_URL: '', MAIL_SINK_DIR: '/tmp/mail' });
    const overridden = load({ PANEL_PUBLIC_URL: 'https://panel.example.com', PANEL_KEY: 'k', MAIL_SMTP_URL: 'smtps://relay:465', MAIL_SINK_DIR: '/srv/mail' });
    expect(overridden.services.panel.environment).toMatchObject({
      PANEL_PUBLIC_URL: 'https://panel.example.com',
      PANEL_KEY: 'k',
      MAIL_SMTP_URL: 'smtps://relay:465',
      MAIL_SINK_DIR: '/srv/mail',
    });
    // Set empty, as production requires: no sink (the app reads an empty variable as unset).
    expect(load({ MAIL_SINK_DIR: '' }).services.panel.environment.MAIL_SINK_DIR).toBe('');
    // Only the panel holds its key and mail settings.
    const { services } = load();
    for (const app of APPS.filter((name) => name !== 'panel')) {
      expect(Object.keys(services[app].environment)).not.toContain('PANEL_KEY');
      expect(Object.keys(services[app].environment)).not.toContain('MAIL_SMTP_URL');
    }
  });

  it('creates the topics in a one-off job every app waits for', () => {
    const { services } = load();
    expect(services.topics.command).toEqual(['node', 'dist/tools/topics.js']);
    for (const app of APPS) expect(services[app].depends_on.topics).toEqual({ condition: 'service_completed_successfully' });
  });

  it('can run the dispatcher in the host network for webhooks to a receiver on the host, only with its profile', () => {
    const { services } = load({ WEBHOOK_ALLOW_LOOPBACK: 'true', DISPATCHER_REPLICAS: '0' });
    const host = services['webhook-dispatcher-host'];
    expect(host.profiles).toEqual(['host-webhooks']);
    expect(host.network_mode).toBe('host');
    expect(host.environment).toMatchObject({ WEBHOOK_ALLOW_LOOPBACK: 'true', KAFKA_BROKERS: 'localhost:9094' });
    expect(services['webhook-dispatcher'].deploy.replicas).toBe('0');
    expect(services.gateway.environment.WEBHOOK_ALLOW_LOOPBACK).toBe('true');
    expect(load().services.gateway.environment.WEBHOOK_ALLOW_LOOPBACK).toBe('false');
  });
});
