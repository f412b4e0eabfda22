import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { FxRateChanged, MerchantEnvironmentChanged, merchantEnvironmentKey, type EventContract, type MerchantEnvironment } from '@platform/contracts';
import { testInfrastructure } from './test-environment';

/** A complete merchant environment as the gateway broadcasts it, for integration tests of one service. */
export function merchantEnvironmentFixture(
  overrides: Partial<MerchantEnvironment> & Pick<MerchantEnvironment, 'merchant_code' | 'environment' | 'version'>,
): MerchantEnvironment {
  return {
    account_number: overrides.merchant_code.slice(4, 10),
    name: 'Integration Test Merchant',
    base_currency: 'TRY',
    status: 'active',
    webhook_url: null,
    success_return_url: null,
    failure_return_url: null,
    direct_api_enabled: true,
    card_payments_enabled: true,
    setup_complete: true,
    payment_limits: [],
    settlement_delay_days: 0,
    withdrawal_min_amount: '10.00',
    withdrawal_daily_limit: '100000.00',
    hosted_page_frame_origins: [],
    signing_key: null,
    next_signing_key: null,
    ...overrides,
  };
}

/** Puts merchant environments on the settings topic under `topicPrefix`, as the gateway's relay would. */
export function publishMerchantSettings(topicPrefix: string, merchants: MerchantEnvironment[]): Promise<void> {
  return publishReferenceData(
    topicPrefix,
    MerchantEnvironmentChanged,
    merchants.map((merchant) => ({ key: merchantEnvironmentKey(merchant.merchant_code, merchant.environment), payload: merchant })),
  );
}

/** Puts the operator's rates (USD per unit) on the rates topic under `topicPrefix`, as payments-v3's relay would. */
export function publishFxRates(topicPrefix: string, rates: Record<string, string>): Promise<void> {
  const effectiveAt = new Date(0).toISOString();
  return publishReferenceData(
    topicPrefix,
    FxRateChanged,
    Object.entries(rates).map(([currency, usdPerUnit]) => ({
      key: currency,
      payload: { currency_code: currency, usd_per_unit: usdPerUnit, effective_at: effectiveAt },
    })),
  );
}

/** Entries of a compacted reference topic, each in the platform's event envelope. */
async function publishReferenceData<P>(topicPrefix: string, contract: EventContract<P>, entries: { key: string; payload: P }[]): Promise<void> {
  const kafka = new Kafka({ clientId: 'reference-fixture', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  try {
    await producer.send({
      topic: `${topicPrefix}${contract.topic}`,
      messages: entries.map((entry) => ({
        key: entry.key,
        value: JSON.stringify({ event_id: randomUUID(), event_type: contract.type, occurred_at: new Date().toISOString(), payload: entry.payload }),
      })),
    });
  } finally {
    await producer.disconnect();
  }
}
