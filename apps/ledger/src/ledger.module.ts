import { Module } from '@nestjs/common';
import { BalanceService } from './balances/balance.service';
import { Bookings } from './bookings/bookings.service';
import { SettlementRepository } from './bookings/settlement.repository';
import { SettlementService } from './bookings/settlement.service';
import { FxRateRepository } from './journal/fx-rate.repository';
import { FxRates } from './journal/fx-rates';
import { Journal } from './journal/journal';
import { JournalRepository } from './journal/journal.repository';
import { TrialBalance } from './journal/trial-balance';
import { TrialBalanceWatch } from './journal/trial-balance-watch';
import { LedgerHandlers } from './ledger.handlers';
import { ReservationRepository } from './reservations/reservation.repository';
import { ReservationsService } from './reservations/reservations.service';

@Module({
  providers: [
    JournalRepository,
    FxRateRepository,
    SettlementRepository,
    ReservationRepository,
    Journal,
    FxRates,
    Bookings,
    SettlementService,
    BalanceService,
    ReservationsService,
    TrialBalance,
    TrialBalanceWatch,
    LedgerHandlers,
  ],
})
/** The double-entry ledger: journal, bookings from money events, settlement, reservations, balances. */
export class LedgerModule {}
