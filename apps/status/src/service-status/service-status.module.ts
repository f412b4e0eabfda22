import { Module } from '@nestjs/common';
import { MaintenanceRepository } from './maintenance.repository';
import { MaintenanceService } from './maintenance.service';
import { ServiceStatusHandlers } from './service-status.handlers';
import { ServiceStatusService } from './service-status.service';

@Module({ providers: [MaintenanceRepository, MaintenanceService, ServiceStatusService, ServiceStatusHandlers] })
export class ServiceStatusModule {}
