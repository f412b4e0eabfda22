import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { z } from 'zod';
import type { KafkaSettings } from '@platform/messaging';
import type { BaseConfig } from './config';
import { flag } from './env-flag';
import { secret } from './secret';

/** How a process authenticates to Kafka: TLS (with the cluster's CA, optionally a client certificate) and SASL. */
export const KafkaSecurityFields = {
  KAFKA_SSL: flag(false),
  /** PEM file of the CA that signed the brokers' certificates; the system's CAs when absent. */
  KAFKA_SSL_CA_FILE: z.string().min(1).optional(),
  /** PEM files of a client certificate and its key (mutual TLS). */
  KAFKA_SSL_CERT_FILE: z.string().min(1).optional(),
  KAFKA_SSL_KEY_FILE: z.string().min(1).optional(),
  KAFKA_SASL_MECHANISM: z.enum(['none', 'plain', 'scram-sha-256', 'scram-sha-512']).default('none'),
  KAFKA_SASL_USERNAME: z.string().min(1).optional(),
  KAFKA_SASL_PASSWORD: secret().optional(),
};

/** The same fields as a schema, for processes that read only Kafka settings. */
export const KafkaSecuritySchema = z.object(KafkaSecurityFields);
type KafkaSecurityConfig = Pick<BaseConfig, 'NODE_ENV' | 'KAFKA_BROKERS' | 'KAFKA_TOPIC_PREFIX'> & z.infer<typeof KafkaSecuritySchema>;

/** What is wrong with the Kafka security settings; a SASL password never crosses the network in the clear in production. */
export function kafkaSecurityProblems(config: KafkaSecurityConfig): string[] {
  const problems: string[] = [];
  if (config.KAFKA_SASL_MECHANISM !== 'none') {
    if (!config.KAFKA_SASL_USERNAME) problems.push(`KAFKA_SASL_USERNAME: required with KAFKA_SASL_MECHANISM ${config.KAFKA_SASL_MECHANISM}`);
    if (!config.KAFKA_SASL_PASSWORD) problems.push(`KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM ${config.KAFKA_SASL_MECHANISM}`);
    if (config.KAFKA_SASL_MECHANISM === 'plain' && !config.KAFKA_SSL && config.NODE_ENV === 'production') {
      problems.push('KAFKA_SSL: must be true with SASL PLAIN in production (the password would travel in the clear)');
    }
  }
  if (Boolean(config.KAFKA_SSL_CERT_FILE) !== Boolean(config.KAFKA_SSL_KEY_FILE)) {
    problems.push('KAFKA_SSL_CERT_FILE, KAFKA_SSL_KEY_FILE: give both or neither');
  }
  if ((config.KAFKA_SSL_CA_FILE || config.KAFKA_SSL_CERT_FILE) && !config.KAFKA_SSL) problems.push('KAFKA_SSL: must be true when TLS files are given');
  return problems;
}

/** The connection settings of one process from its configuration, TLS files read once at start. */
export function kafkaSettingsOf(config: KafkaSecurityConfig, clientId: string, topicPrefix = config.KAFKA_TOPIC_PREFIX): KafkaSettings {
  const tls: ConnectionOptions = {
    ...(config.KAFKA_SSL_CA_FILE ? { ca: [readFileSync(config.KAFKA_SSL_CA_FILE, 'utf8')] } : {}),
    ...(config.KAFKA_SSL_CERT_FILE ? { cert: readFileSync(config.KAFKA_SSL_CERT_FILE, 'utf8') } : {}),
    ...(config.KAFKA_SSL_KEY_FILE ? { key: readFileSync(config.KAFKA_SSL_KEY_FILE, 'utf8') } : {}),
  };
  const mechanism = config.KAFKA_SASL_MECHANISM;
  return {
    brokers: config.KAFKA_BROKERS,
    clientId,
    topicPrefix,
    ssl: config.KAFKA_SSL ? (Object.keys(tls).length > 0 ? tls : true) : undefined,
    sasl: mechanism === 'none' ? undefined : { mechanism, username: config.KAFKA_SASL_USERNAME ?? '', password: config.KAFKA_SASL_PASSWORD?.reveal() ?? '' },
  };
}
