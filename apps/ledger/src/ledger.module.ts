import { Module } from '@nestjs/common';
import { BalanceService } from './balances/balance.service';
import { Bookings } from './bookings/bookings.service';
import { SettlementService } from './bookings/settlement.service';
import { FxRates } from './journal/fx-rates';
import { Journal } from './journal/journal';
import { TrialBalance } from './journal/trial-balance';
import { LedgerHandlers } from './ledger.handlers';
import { ReservationsService } from './reservations/reservations.service';

@Module({
  providers: [Journal, FxRates, Bookings, SettlementService, BalanceService, ReservationsService, TrialBalance, LedgerHandlers],
})
/** The double-entry ledger: journal, bookings from money events, settlement, reservations, balances. */
export class LedgerModule {}
