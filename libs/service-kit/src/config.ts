import { z } from 'zod';
import { DEFAULT_FETCH_MAX_WAIT_MS, DEFAULT_SOLE_FETCH_MAX_WAIT_MS } from '@platform/messaging';
import { flag } from './env-flag';
import { KafkaSecurityFields } from './kafka-security';
import { Secret, secret } from './secret';

export { Secret, secret };

const brokerList = z
  .string()
  .min(1)
  .transform((value) =>
    value
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
  )
  .refine((brokers) => brokers.every((broker) => /^[^\s:]+:\d{1,5}$/.test(broker)), 'expected host:port[,host:port]');

/** What every service reads at start; each app extends it with its own variables. */
export const BaseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/postgres'),
  SERVICE_DATABASE_URL: z.string().url().optional(),
  /** The service role's own password (production); DATABASE_URL then says only where the database is. */
  DATABASE_PASSWORD: secret().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Hot statements go as named statements, parsed and planned once per connection. False behind
   * a pooler that cannot keep them across transactions (PgBouncer in transaction mode before
   * 1.21, or without max_prepared_statements).
   */
  DATABASE_PREPARED_STATEMENTS: flag(true),
  KAFKA_BROKERS: brokerList.default('127.0.0.1:9092'),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore, dash')
    .default(''),
  ...KafkaSecurityFields,
  /** How long a consumer's fetch waits at the broker (no latency cost: data ends the wait); tests stop faster at 500. */
  KAFKA_FETCH_MAX_WAIT_MS: z.coerce.number().int().min(100).max(10_000).default(DEFAULT_FETCH_MAX_WAIT_MS),
  /** The same for consumers alone in their group (reply readers, reference copies); at most half the 10 s session. */
  KAFKA_SOLE_FETCH_MAX_WAIT_MS: z.coerce.number().int().min(100).max(DEFAULT_SOLE_FETCH_MAX_WAIT_MS).default(DEFAULT_SOLE_FETCH_MAX_WAIT_MS),
  /**
   * Each instance reads only its app's partition of the reply topic (ADR 0041). Upgrading from a
   * release before it, run one release with false (every server learns to answer on the caller's
   * partition while callers still read them all), then true.
   */
  RPC_REPLIES_OWN_PARTITION: flag(true),
  HTTP_HOST: z.string().default('0.0.0.0'),
  /** How long a dependency may fail before the pod reports not ready (0: at once). */
  READINESS_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120000).default(15000),
});
export type BaseConfig = z.infer<typeof BaseConfigSchema>;

export class ConfigError extends Error {
  constructor(
    service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once, validates it and returns a typed object; nobody else reads process.env. */
export function loadConfig<S extends z.ZodTypeAny>(service: string, schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      service,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}
