import { Module } from '@nestjs/common';
import { LedgerFollowUp } from './ledger-follow-up';
import { UsdtRates } from './usdt-rates';
import { WithdrawalRepository } from './withdrawal.repository';
import { WithdrawalService } from './withdrawal.service';
import { WithdrawalsHandlers } from './withdrawals.handlers';

@Module({ providers: [UsdtRates, WithdrawalRepository, WithdrawalService, WithdrawalsHandlers, LedgerFollowUp] })
/** USDT withdrawals with the operator's sending. */
export class WithdrawalsModule {}
