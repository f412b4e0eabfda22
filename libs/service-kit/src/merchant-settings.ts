import {
  ApiError,
  MerchantEnvironmentChanged,
  merchantEnvironmentKey,
  type Caller,
  type Environment,
  type MerchantEnvironment,
  Errors,
} from '@platform/contracts';
import { KafkaConnection, ReferenceDataReader } from '@platform/messaging';
import type { Logger } from '@platform/observability';

/**
 * A service's local copy of every merchant environment, kept from the gateway's
 * compacted broadcast: reads never leave the process and never touch the gateway's schema.
 */
export class MerchantSettings {
  private readonly reader: ReferenceDataReader<MerchantEnvironment>;

  constructor(kafka: KafkaConnection, logger: Logger) {
    this.reader = new ReferenceDataReader(kafka, MerchantEnvironmentChanged, logger.child({ component: 'merchant-settings' }));
  }

  get(merchantCode: string, environment: Environment): MerchantEnvironment | undefined {
    return this.reader.get(merchantEnvironmentKey(merchantCode, environment));
  }

  /**
   * The caller's settings as the gateway last saw them: a merchant provisioned or changed a
   * moment ago may not have reached this copy yet, so it waits briefly for that version.
   */
  async current(caller: Caller, waitMs = 3000): Promise<MerchantEnvironment | undefined> {
    const upToDate = (settings: MerchantEnvironment | undefined) => settings !== undefined && settings.version >= (caller.settingsVersion ?? 0);
    let settings = this.get(caller.merchantCode, caller.environment);
    for (let waited = 0; !upToDate(settings) && waited < waitMs; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      settings = this.get(caller.merchantCode, caller.environment);
    }
    return settings;
  }

  /** The settings of an account that may take card payments now, or the spec's error: 0055001 while setup is incomplete, 0055002 while card payments are off. */
  async requireReadyForPayments(caller: Caller, waitMs = 3000): Promise<MerchantEnvironment> {
    const settings = await this.current(caller, waitMs);
    if (!settings || !settings.setup_complete) throw new ApiError(Errors.AccountNotReady);
    if (!settings.card_payments_enabled) throw new ApiError(Errors.AccountCardPaymentsOff);
    return settings;
  }

  get ready(): Promise<void> {
    return this.reader.ready;
  }

  start(): Promise<void> {
    return this.reader.start();
  }

  stop(): Promise<void> {
    return this.reader.stop();
  }
}
