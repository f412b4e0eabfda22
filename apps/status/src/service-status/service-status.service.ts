import { Injectable } from '@nestjs/common';
import { MAINTAINABLE_SERVICES, type MaintainableService, type ServiceStatusItem } from '@platform/contracts';
import { MaintenanceRepository, type MaintenanceRow } from './maintenance.repository';
import { Clock } from '@platform/service-kit';

function isMaintainable(service: string): service is MaintainableService {
  return (MAINTAINABLE_SERVICES as readonly string[]).includes(service);
}

/** The services in maintenance now; an estimated return time that has passed reads as null. */
export function toStatusItems(rows: MaintenanceRow[], now: Date): ServiceStatusItem[] {
  return rows
    .filter((row) => isMaintainable(row.service))
    .map((row) => ({
      service: row.service as MaintainableService,
      until: row.until && row.until.getTime() > now.getTime() ? row.until.toISOString() : null,
      note: row.note,
    }));
}

@Injectable()
export class ServiceStatusService {
  constructor(
    private readonly maintenance: MaintenanceRepository,
    private readonly clock: Clock,
  ) {}

  async current(): Promise<ServiceStatusItem[]> {
    const now = this.clock.now();
    return toStatusItems(await this.maintenance.listAll(), now);
  }
}
