import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@platform/persistence';

export interface MaintenanceRow {
  service: string;
  until: Date | null;
  note: string | null;
}

@Injectable()
export class MaintenanceRepository {
  constructor(private readonly dataSource: DataSource) {}

  listAll(): Promise<MaintenanceRow[]> {
    return queryRows<MaintenanceRow>(this.dataSource, 'SELECT service, until, note FROM status.maintenance ORDER BY service');
  }
}
