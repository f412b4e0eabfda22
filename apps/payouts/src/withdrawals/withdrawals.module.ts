import { Module } from '@nestjs/common';
import { ReservationConfirmer } from './reservation-confirmer';
import { UsdtRates } from './usdt-rates';
import { WithdrawalRepository } from './withdrawal.repository';
import { WithdrawalService } from './withdrawal.service';
import { WithdrawalsHandlers } from './withdrawals.handlers';

@Module({ providers: [UsdtRates, WithdrawalRepository, WithdrawalService, WithdrawalsHandlers, ReservationConfirmer] })
/** USDT withdrawals with the operator's sending. */
export class WithdrawalsModule {}
