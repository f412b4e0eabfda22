import { BaseConfigSchema, loadConfig } from './config';
import { kafkaSecurityProblems, kafkaSettingsOf } from './kafka-security';

const config = (env: Record<string, string>) => loadConfig('test', BaseConfigSchema, env);

describe('Kafka security settings', () => {
  it('connects in the clear without credentials by default (local broker)', () => {
    expect(kafkaSettingsOf(config({}), 'ledger')).toMatchObject({ brokers: ['127.0.0.1:9092'], clientId: 'ledger', ssl: undefined, sasl: undefined });
  });

  it('uses TLS with the system CAs, and SCRAM or PLAIN credentials, as a managed cluster needs', () => {
    const settings = kafkaSettingsOf(
      config({ KAFKA_SSL: 'true', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'svc-ledger', KAFKA_SASL_PASSWORD: 'pw' }),
      'ledger',
    );
    expect(settings.ssl).toBe(true);
    expect(settings.sasl).toEqual({ mechanism: 'scram-sha-512', username: 'svc-ledger', password: 'pw' });
  });

  it('names what is missing or unsafe', () => {
    expect(kafkaSecurityProblems(config({ KAFKA_SASL_MECHANISM: 'scram-sha-256' }))).toEqual([
      'KAFKA_SASL_USERNAME: required with KAFKA_SASL_MECHANISM scram-sha-256',
      'KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM scram-sha-256',
    ]);
    expect(
      kafkaSecurityProblems(config({ NODE_ENV: 'production', KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' })),
    ).toEqual(['KAFKA_SSL: must be true with SASL PLAIN in production (the password would travel in the clear)']);
    expect(kafkaSecurityProblems(config({ KAFKA_SSL: 'true', KAFKA_SSL_CERT_FILE: '/tls/client.crt' }))).toEqual([
      'KAFKA_SSL_CERT_FILE, KAFKA_SSL_KEY_FILE: give both or neither',
    ]);
    expect(kafkaSecurityProblems(config({ KAFKA_SSL_CA_FILE: '/tls/ca.crt' }))).toEqual(['KAFKA_SSL: must be true when TLS files are given']);
  });

  it('never shows the SASL password in the configuration it logs', () => {
    expect(JSON.stringify(config({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'hunter2' }))).not.toContain('hunter2');
  });
});
