import { Injectable } from '@nestjs/common';
import { MAINTAINABLE_SERVICES, serviceStatusItem, type MaintainableService, type ServiceStatusItem } from '@platform/contracts';
import { MaintenanceRepository, type MaintenanceRow } from './maintenance.repository';
import { Clock } from '@platform/service-kit';

function isMaintainable(service: string): service is MaintainableService {
  return (MAINTAINABLE_SERVICES as readonly string[]).includes(service);
}

/** The services in maintenance now; an estimated return time that has passed reads as null. */
export function toStatusItems(rows: MaintenanceRow[], now: Date): ServiceStatusItem[] {
  return rows.filter((row) => isMaintainable(row.service)).map((row) => serviceStatusItem(row.service as MaintainableService, row.until, row.note, now));
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
