import { Module } from '@nestjs/common';
import { MaintenanceRepository } from './maintenance.repository';
import { ServiceStatusHandlers } from './service-status.handlers';
import { ServiceStatusService } from './service-status.service';

@Module({ providers: [MaintenanceRepository, ServiceStatusService, ServiceStatusHandlers] })
export class ServiceStatusModule {}
