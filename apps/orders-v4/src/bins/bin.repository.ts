import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BinInfo, Environment } from '@platform/contracts';
import { queryRows, type SqlExecutor } from '@platform/persistence';

export interface BinRecord extends BinInfo {
  channel_available: boolean;
  issuer_available: boolean;
}

@Injectable()
export class BinRepository {
  constructor(private readonly dataSource: DataSource) {}

  async upsert(tx: SqlExecutor, environment: Environment, bin: string, record: Omit<BinRecord, 'bin'>): Promise<BinRecord> {
    const rows = await queryRows<BinRecord>(
      tx,
      `INSERT INTO orders.bins (environment, bin, bank_name, network, card_type, card_program, country, domestic, payment_mode, channel_available, issuer_available)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (environment, bin) DO UPDATE SET bank_name = EXCLUDED.bank_name, network = EXCLUDED.network,
         card_type = EXCLUDED.card_type, card_program = EXCLUDED.card_program, country = EXCLUDED.country,
         domestic = EXCLUDED.domestic, payment_mode = EXCLUDED.payment_mode, channel_available = EXCLUDED.channel_available,
         issuer_available = EXCLUDED.issuer_available,
         updated_at = now()
       RETURNING bin, bank_name, network, card_type, card_program, country, domestic, payment_mode, channel_available, issuer_available`,
      [
        environment,
        bin,
        record.bank_name,
        record.network,
        record.card_type,
        record.card_program,
        record.country,
        record.domestic,
        record.payment_mode,
        record.channel_available,
        record.issuer_available,
      ],
    );
    return rows[0]!;
  }

  async find(environment: Environment, bin: string, tx: SqlExecutor = this.dataSource): Promise<BinRecord | undefined> {
    const rows = await queryRows<BinRecord>(
      tx,
      `SELECT bin, bank_name, network, card_type, card_program, country, domestic, payment_mode, channel_available, issuer_available
         FROM orders.bins WHERE environment = $1 AND bin = $2`,
      [environment, bin],
    );
    return rows[0];
  }

  /** One page of an environment's table by BIN, with how many rows match in all. */
  async list(
    environment: Environment,
    binPrefix: string,
    page: number,
    perPage: number,
  ): Promise<{ rows: (BinRecord & { updated_at: string })[]; total: number }> {
    const rows = await queryRows<BinRecord & { updated_at: Date; total: string }>(
      this.dataSource,
      `SELECT bin, bank_name, network, card_type, card_program, country, domestic, payment_mode, channel_available, issuer_available,
              updated_at, count(*) OVER () AS total
         FROM orders.bins WHERE environment = $1 AND bin LIKE $2 || '%'
        ORDER BY bin LIMIT $3 OFFSET $4`,
      [environment, binPrefix, perPage, (page - 1) * perPage],
    );
    const total = rows[0] ? Number(rows[0].total) : page === 1 ? 0 : await this.count(environment, binPrefix);
    return { rows: rows.map(({ total: _total, updated_at, ...row }) => ({ ...row, updated_at: new Date(updated_at).toISOString() })), total };
  }

  private async count(environment: Environment, binPrefix: string): Promise<number> {
    const rows = await queryRows<{ total: string }>(
      this.dataSource,
      `SELECT count(*) AS total FROM orders.bins WHERE environment = $1 AND bin LIKE $2 || '%'`,
      [environment, binPrefix],
    );
    return Number(rows[0]!.total);
  }
}
