import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MaintenanceChanged, type MaintainableService, type ServiceStatusItem } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { MaintenanceRepository } from './maintenance.repository';
import { toStatusItems } from './service-status.service';
import { Clock, recordOperatorAction } from '@platform/service-kit';

const outbox = new OutboxWriter(DATABASE.schema);

/**
 * The operator's maintenance switches. Each change goes on the compacted maintenance topic
 * in the same transaction (and every state at start), so every service learns of it
 * within seconds and refuses new operations of that service.
 */
@Injectable()
export class MaintenanceService implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly maintenance: MaintenanceRepository,
    private readonly clock: Clock,
  ) {}

  async set(
    service: MaintainableService,
    until: string | null,
    note: string | null,
    operator: string,
  ): Promise<{ before: ServiceStatusItem | null; after: ServiceStatusItem }> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const before = await this.maintenance.find(tx, service, true);
      const after = await this.maintenance.upsert(tx, service, until, note);
      await this.broadcast(tx, service, true, until, note);
      const result = { before: before ? toStatusItems([before], now)[0]! : null, after: toStatusItems([after], now)[0]! };
      await recordOperatorAction(tx, DATABASE.schema, { actor: operator, action: 'maintenance.set', target: `maintenance/${service}`, ...result });
      return result;
    });
  }

  async clear(service: MaintainableService, operator: string): Promise<{ before: ServiceStatusItem | null }> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const before = await this.maintenance.find(tx, service, true);
      await this.maintenance.delete(tx, service);
      await this.broadcast(tx, service, false, null, null);
      const result = { before: before ? toStatusItems([before], now)[0]! : null };
      await recordOperatorAction(tx, DATABASE.schema, {
        actor: operator,
        action: 'maintenance.clear',
        target: `maintenance/${service}`,
        ...result,
        after: null,
      });
      return result;
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      for (const row of await this.maintenance.listAll(tx))
        await this.broadcast(tx, row.service as MaintainableService, true, row.until?.toISOString() ?? null, row.note);
    });
  }

  private async broadcast(tx: SqlExecutor, service: MaintainableService, active: boolean, until: string | null, note: string | null): Promise<void> {
    await outbox.append(tx, { event: MaintenanceChanged, key: service, payload: { service, active, until, note } });
  }
}
