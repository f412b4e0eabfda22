import { Module } from '@nestjs/common';
import { DisputeRepository } from './dispute.repository';
import { DisputeService } from './dispute.service';
import { DisputesHandlers } from './disputes.handlers';

@Module({ providers: [DisputeRepository, DisputeService, DisputesHandlers] })
/** Disputes with the merchants' evidence and the operators' workflow. */
export class DisputesModule {}
