import type { Environment } from '@platform/contracts';

export interface PaymentLimit {
  currency_code: string;
  min_amount: string;
  max_amount: string | null;
}

/** The settings of one merchant environment, as the operator API shows them. */
export interface EnvironmentSettings {
  merchant_code: string;
  environment: Environment;
  ip_allowlist: string[];
  webhook_url: string | null;
  success_return_url: string | null;
  failure_return_url: string | null;
  direct_api_enabled: boolean;
  card_payments_enabled: boolean;
  setup_complete: boolean;
  payment_limits: PaymentLimit[];
  settlement_delay_days: number;
  withdrawal_min_amount: string;
  withdrawal_daily_limit: string;
  hosted_page_frame_origins: string[];
}

export type SettingsPatch = Partial<Omit<EnvironmentSettings, 'merchant_code' | 'environment'>>;

/**
 * A new merchant can integrate in sandbox at once (once it sets its allowlist);
 * live stays closed until the operator completes onboarding.
 */
export function defaultSettings(merchantCode: string, environment: Environment): EnvironmentSettings {
  const sandbox = environment === 'sandbox';
  return {
    merchant_code: merchantCode,
    environment,
    ip_allowlist: [],
    webhook_url: null,
    success_return_url: null,
    failure_return_url: null,
    direct_api_enabled: sandbox,
    card_payments_enabled: true,
    setup_complete: sandbox,
    payment_limits: [],
    settlement_delay_days: 1,
    withdrawal_min_amount: '10.00',
    withdrawal_daily_limit: '10000.00',
    hosted_page_frame_origins: [],
  };
}
