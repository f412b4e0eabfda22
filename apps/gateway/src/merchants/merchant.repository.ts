import { Injectable } from '@nestjs/common';
import type { Environment } from '@platform/contracts';
import { queryRows, type SqlExecutor } from '@platform/persistence';
import type { EnvironmentSettings } from './merchant-settings';

export interface MerchantRow {
  merchant_code: string;
  account_number: string;
  name: string;
  base_currency: string;
  status: 'active' | 'inactive';
  /** Raised with every broadcast of the merchant's settings. */
  broadcast_version: number;
}

export interface MerchantListRow extends Omit<MerchantRow, 'broadcast_version'> {
  created_at: Date;
}

export interface ApiKeySummary {
  api_key: string;
  environment: Environment;
  key_version: number;
  created_at: Date;
  expires_at: Date | null;
}

export interface ApiKeyRow {
  api_key: string;
  merchant_code: string;
  environment: Environment;
  key_version: number;
  secret_sealed: string;
  expires_at: Date | null;
  first_used_at?: Date | null;
}

const SETTINGS_WRITE_COLUMNS = `merchant_code, environment, ip_allowlist, webhook_url, success_return_url, failure_return_url,
  direct_api_enabled, card_payments_enabled, setup_complete, payment_limits, settlement_delay_days,
  withdrawal_min_amount, withdrawal_daily_limit, hosted_page_frame_origins`;

const SETTINGS_COLUMNS = `merchant_code, environment, ip_allowlist, webhook_url, success_return_url, failure_return_url,
  direct_api_enabled, card_payments_enabled, setup_complete, payment_limits, settlement_delay_days,
  withdrawal_min_amount::text AS withdrawal_min_amount, withdrawal_daily_limit::text AS withdrawal_daily_limit,
  hosted_page_frame_origins`;

/** All SQL over merchants, their API keys and environment settings. */
@Injectable()
export class MerchantRepository {
  async insertMerchant(tx: SqlExecutor, merchant: MerchantRow): Promise<boolean> {
    const rows = await queryRows(
      tx,
      `INSERT INTO gateway.merchants (merchant_code, account_number, name, base_currency, status)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING merchant_code`,
      [merchant.merchant_code, merchant.account_number, merchant.name, merchant.base_currency, merchant.status],
    );
    return rows.length === 1;
  }

  async findMerchant(tx: SqlExecutor, merchantCode: string, lock = false): Promise<MerchantRow | undefined> {
    const rows = await queryRows<MerchantRow>(
      tx,
      `SELECT merchant_code, account_number, name, base_currency, status, broadcast_version FROM gateway.merchants
        WHERE merchant_code = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [merchantCode],
    );
    return rows[0];
  }

  /** Newest first; `search` matches the code, the account number or the name (any case, any part), `status` narrows. */
  async listMerchants(
    tx: SqlExecutor,
    filter: { search?: string; status?: 'active' | 'inactive' },
    limit: number,
    offset: number,
  ): Promise<{ rows: MerchantListRow[]; total: number }> {
    const where = `WHERE ($1::text IS NULL OR merchant_code ILIKE $1 OR account_number ILIKE $1 OR name ILIKE $1) AND ($2::text IS NULL OR status = $2)`;
    const params = [filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null, filter.status ?? null];
    const [rows, count] = await Promise.all([
      queryRows<MerchantListRow>(
        tx,
        `SELECT merchant_code, account_number, name, base_currency, status, created_at FROM gateway.merchants ${where}
          ORDER BY created_at DESC, merchant_code LIMIT $3 OFFSET $4`,
        [...params, limit, offset],
      ),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM gateway.merchants ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

  async findMerchantWithCreation(tx: SqlExecutor, merchantCode: string): Promise<MerchantListRow | undefined> {
    const rows = await queryRows<MerchantListRow>(
      tx,
      `SELECT merchant_code, account_number, name, base_currency, status, created_at FROM gateway.merchants WHERE merchant_code = $1`,
      [merchantCode],
    );
    return rows[0];
  }

  async setStatus(tx: SqlExecutor, merchantCode: string, status: MerchantRow['status']): Promise<void> {
    await tx.query('UPDATE gateway.merchants SET status = $2 WHERE merchant_code = $1', [merchantCode, status]);
  }

  async listApiKeys(tx: SqlExecutor, merchantCode: string): Promise<ApiKeySummary[]> {
    return queryRows<ApiKeySummary>(
      tx,
      `SELECT api_key, environment, key_version, created_at, expires_at FROM gateway.api_keys
        WHERE merchant_code = $1 ORDER BY environment, key_version`,
      [merchantCode],
    );
  }

  /** A counter that rises with every change of the merchant, so consumers can ignore stale copies. */
  async nextBroadcastVersion(tx: SqlExecutor, merchantCode: string): Promise<number> {
    const rows = await queryRows<{ version: number }>(
      tx,
      `UPDATE gateway.merchants SET broadcast_version = broadcast_version + 1 WHERE merchant_code = $1 RETURNING broadcast_version AS version`,
      [merchantCode],
    );
    return rows[0]?.version ?? 0;
  }

  async insertSettings(tx: SqlExecutor, settings: EnvironmentSettings): Promise<void> {
    await tx.query(
      `INSERT INTO gateway.environment_settings (${SETTINGS_WRITE_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      settingsValues(settings),
    );
  }

  async findSettings(tx: SqlExecutor, merchantCode: string, environment: Environment, lock = false): Promise<EnvironmentSettings | undefined> {
    const rows = await queryRows<EnvironmentSettings>(
      tx,
      `SELECT ${SETTINGS_COLUMNS} FROM gateway.environment_settings
        WHERE merchant_code = $1 AND environment = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [merchantCode, environment],
    );
    return rows[0];
  }

  async updateSettings(tx: SqlExecutor, settings: EnvironmentSettings): Promise<void> {
    await tx.query(
      `UPDATE gateway.environment_settings SET
         ip_allowlist = $3, webhook_url = $4, success_return_url = $5, failure_return_url = $6,
         direct_api_enabled = $7, card_payments_enabled = $8, setup_complete = $9, payment_limits = $10,
         settlement_delay_days = $11, withdrawal_min_amount = $12, withdrawal_daily_limit = $13,
         hosted_page_frame_origins = $14, updated_at = now()
       WHERE merchant_code = $1 AND environment = $2`,
      settingsValues(settings),
    );
  }

  async newestKey(tx: SqlExecutor, merchantCode: string, environment: Environment): Promise<ApiKeyRow | undefined> {
    const rows = await queryRows<ApiKeyRow>(
      tx,
      `SELECT api_key, merchant_code, environment, key_version, secret_sealed, expires_at FROM gateway.api_keys
        WHERE merchant_code = $1 AND environment = $2 ORDER BY key_version DESC LIMIT 1`,
      [merchantCode, environment],
    );
    return rows[0];
  }

  /** The keys of the environment that still work at `now`, newest first, with their first use. */
  async workingKeys(tx: SqlExecutor, merchantCode: string, environment: Environment, now: Date): Promise<(ApiKeyRow & { first_used_at: Date | null })[]> {
    return queryRows(
      tx,
      `SELECT api_key, merchant_code, environment, key_version, secret_sealed, expires_at, first_used_at FROM gateway.api_keys
        WHERE merchant_code = $1 AND environment = $2 AND (expires_at IS NULL OR expires_at > $3) ORDER BY key_version DESC`,
      [merchantCode, environment, now.toISOString()],
    );
  }

  /** Records a key's first successful request; the merchant code when this call was that first one. */
  async markFirstUse(tx: SqlExecutor, apiKey: string): Promise<string | undefined> {
    const rows = await queryRows<{ merchant_code: string }>(
      tx,
      'UPDATE gateway.api_keys SET first_used_at = now() WHERE api_key = $1 AND first_used_at IS NULL RETURNING merchant_code',
      [apiKey],
    );
    return rows[0]?.merchant_code;
  }

  /** One key stops working at once; with `environment`, only a key of that environment. */
  async revokeKey(tx: SqlExecutor, merchantCode: string, apiKey: string, at: Date, environment?: Environment): Promise<ApiKeyRow | undefined> {
    const rows = await queryRows<ApiKeyRow>(
      tx,
      `UPDATE gateway.api_keys SET expires_at = $3
        WHERE merchant_code = $1 AND api_key = $2 AND (expires_at IS NULL OR expires_at > $3) AND ($4::text IS NULL OR environment = $4)
        RETURNING api_key, merchant_code, environment, key_version, secret_sealed, expires_at`,
      [merchantCode, apiKey, at.toISOString(), environment ?? null],
    );
    return rows[0];
  }

  /** The previous keys of the environment stop working after the grace period. */
  async expireKeys(tx: SqlExecutor, merchantCode: string, environment: Environment, at: Date): Promise<string[]> {
    const rows = await queryRows<{ api_key: string }>(
      tx,
      `UPDATE gateway.api_keys SET expires_at = $3
        WHERE merchant_code = $1 AND environment = $2 AND (expires_at IS NULL OR expires_at > $3)
        RETURNING api_key`,
      [merchantCode, environment, at.toISOString()],
    );
    return rows.map((row) => row.api_key);
  }

  async insertApiKey(tx: SqlExecutor, key: Omit<ApiKeyRow, 'expires_at'>): Promise<void> {
    await tx.query(
      `INSERT INTO gateway.api_keys (api_key, merchant_code, environment, key_version, secret_sealed)
       VALUES ($1, $2, $3, $4, $5)`,
      [key.api_key, key.merchant_code, key.environment, key.key_version, key.secret_sealed],
    );
  }

  async findApiKey(tx: SqlExecutor, apiKey: string): Promise<ApiKeyRow | undefined> {
    const rows = await queryRows<ApiKeyRow>(
      tx,
      `SELECT api_key, merchant_code, environment, key_version, secret_sealed, expires_at, first_used_at
         FROM gateway.api_keys WHERE api_key = $1`,
      [apiKey],
    );
    return rows[0];
  }
}

function settingsValues(settings: EnvironmentSettings): unknown[] {
  return [
    settings.merchant_code,
    settings.environment,
    settings.ip_allowlist,
    settings.webhook_url,
    settings.success_return_url,
    settings.failure_return_url,
    settings.direct_api_enabled,
    settings.card_payments_enabled,
    settings.setup_complete,
    JSON.stringify(settings.payment_limits),
    settings.settlement_delay_days,
    settings.withdrawal_min_amount,
    settings.withdrawal_daily_limit,
    settings.hosted_page_frame_origins,
  ];
}
