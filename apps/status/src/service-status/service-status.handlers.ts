import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ClearMaintenance, GetServiceStatus, SetMaintenance } from '@platform/contracts';
import { RpcServer } from '@platform/messaging';
import { MaintenanceService } from './maintenance.service';
import { ServiceStatusService } from './service-status.service';

@Injectable()
export class ServiceStatusHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly status: ServiceStatusService,
    private readonly maintenance: MaintenanceService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(GetServiceStatus, () => this.status.current());
    this.rpc.handle(SetMaintenance, (request) => this.maintenance.set(request.service, request.until, request.note, request.operator));
    this.rpc.handle(ClearMaintenance, (request) => this.maintenance.clear(request.service, request.operator));
  }
}
