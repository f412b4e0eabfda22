import { Injectable, type OnModuleInit } from '@nestjs/common';
import { GetServiceStatus } from '@platform/contracts';
import { RpcServer } from '@platform/messaging';
import { ServiceStatusService } from './service-status.service';

@Injectable()
export class ServiceStatusHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly status: ServiceStatusService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(GetServiceStatus, () => this.status.current());
  }
}
