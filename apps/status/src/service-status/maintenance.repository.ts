import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows, type SqlExecutor } from '@platform/persistence';

export interface MaintenanceRow {
  service: string;
  until: Date | null;
  note: string | null;
}

@Injectable()
export class MaintenanceRepository {
  constructor(private readonly dataSource: DataSource) {}

  listAll(tx: SqlExecutor = this.dataSource): Promise<MaintenanceRow[]> {
    return queryRows<MaintenanceRow>(tx, 'SELECT service, until, note FROM status.maintenance ORDER BY service');
  }

  async find(tx: SqlExecutor, service: string, lock = false): Promise<MaintenanceRow | undefined> {
    const rows = await queryRows<MaintenanceRow>(tx, `SELECT service, until, note FROM status.maintenance WHERE service = $1 ${lock ? 'FOR UPDATE' : ''}`, [
      service,
    ]);
    return rows[0];
  }

  async upsert(tx: SqlExecutor, service: string, until: string | null, note: string | null): Promise<MaintenanceRow> {
    const rows = await queryRows<MaintenanceRow>(
      tx,
      `INSERT INTO status.maintenance (service, until, note) VALUES ($1, $2, $3)
       ON CONFLICT (service) DO UPDATE SET until = EXCLUDED.until, note = EXCLUDED.note RETURNING service, until, note`,
      [service, until, note],
    );
    return rows[0]!;
  }

  async delete(tx: SqlExecutor, service: string): Promise<void> {
    await tx.query('DELETE FROM status.maintenance WHERE service = $1', [service]);
  }
}
