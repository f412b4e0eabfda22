import { Module } from '@nestjs/common';
import { PaymentRepository } from '../payments/payment.repository';
import { ReversalLedgerFollowUp } from './ledger-follow-up';
import { ReversalRepository } from './reversal.repository';
import { ReversalService } from './reversal.service';
import { ReversalsHandlers } from './reversals.handlers';

@Module({ providers: [PaymentRepository, ReversalRepository, ReversalService, ReversalsHandlers, ReversalLedgerFollowUp] })
/** Refunds and voids with the operator's review. */
export class ReversalsModule {}
