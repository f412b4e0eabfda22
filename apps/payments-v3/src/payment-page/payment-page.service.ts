import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type PaymentPage, Errors } from '@platform/contracts';
import {
  CARD_PROCESSORS,
  CardProcessors,
  cardNetwork,
  notExpired,
  openSealedCard,
  passesLuhn,
  type AuthorisationOutcome,
  type ChallengeAnswer,
} from '@platform/card-processing';
import { ownerOf, type SqlExecutor } from '@platform/persistence';
import { cardDataKey, Clock, CONFIG, eachIndependently, MaintenanceFlags, paymentPageCardSealContext } from '@platform/service-kit';
import type { Config } from '../config';
import { PaymentRepository, type PaymentRow } from '../payments/payment.repository';
import { toPaymentRecord } from '../payments/payment-view';
import { AttemptRepository, type AttemptCard, type AttemptRow } from './attempt.repository';
import { publishPaymentEvent } from './payment-events';
import { resultAddress } from './result-address';

/**
 * The customer's side of a v3 payment: a card attempt asks the environment's processor
 * (sandbox: the Direct API's test cards and 3-D Secure screen; live: the configured
 * acquirer and its bank's 3-D Secure page), a declined attempt fills
 * `failure` and leaves the page open until `expires_at`, an approved one pays. Every
 * change holds the payment's row lock, so a double submit cannot pay twice or count twice.
 */
@Injectable()
export class PaymentPageService {
  private readonly cardKey: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly attempts: AttemptRepository,
    @Inject(CARD_PROCESSORS) private readonly processors: CardProcessors,
    private readonly clock: Clock,
    private readonly maintenance: MaintenanceFlags,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.cardKey = cardDataKey(config);
  }

  async view(token: string): Promise<PaymentPage> {
    const now = this.clock.now();
    const row = await this.payments.findByPageToken(this.dataSource, token);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No payment for this address');
    if (row.awaiting_bank) return this.page(row, undefined, now);
    return this.page(row, await this.attempts.findWaiting(this.dataSource, row.id), now);
  }

  async pay(token: string, sealedCard: string): Promise<{ page: PaymentPage; form_error: string | null }> {
    const now = this.clock.now();
    const card = openSealedCard(sealedCard, this.cardKey, paymentPageCardSealContext(token));
    // A new attempt is a new operation; an attempt already on the 3-D Secure screen may finish.
    this.maintenance.assertOpen('api_collection');
    let formError: string | null = null;
    const page = await this.dataSource.transaction(async (tx) => {
      const row = await this.lockedPayment(tx, token);
      if (!this.open(row, now)) return this.page(row, undefined, now);
      // While a bank's answer is awaited no other card is sent: the first may still be charged.
      if (row.awaiting_bank) return this.page(row, undefined, now);
      const waiting = await this.attempts.findWaiting(tx, row.id);
      if (!passesLuhn(card.number)) formError = 'card_details_invalid';
      else if (!notExpired(card.expiryMonth, card.expiryYear, now)) formError = 'card_expiry_invalid';
      if (formError) return this.page(row, waiting, now);
      // A payment page is no free card-testing tool: past its attempts, no card goes to the bank.
      if ((await this.attempts.count(tx, row.id)) >= this.config.PAYMENT_PAGE_ATTEMPTS) {
        formError = 'security_declined';
        return this.page(row, waiting, now);
      }
      // The customer came back from the 3-D Secure screen and typed another card.
      if (waiting) await this.attempts.finish(tx, waiting.id, 'abandoned', null, now);
      const summary: AttemptCard = { bin: card.number.slice(0, 6), last_four: card.number.slice(-4), network: cardNetwork(card.number) };
      const processor = this.processors.for(row.environment);
      const start = await processor.start({
        reference: `pay_${randomUUID()}`,
        amount: row.amount,
        currency: row.currency_code,
        card,
        callbackUrl: `${this.config.CHECKOUT_PUBLIC_URL}/pay/${token}/3ds/bank-return`,
        channel: 'payment_page',
      });
      switch (start.kind) {
        case 'declined':
          await this.attempts.recordFinished(tx, row.id, summary, { status: 'failed', reasonCode: start.reason }, now);
          return this.fail(tx, row, start.reason, now);
        case 'no_answer':
          // Nothing is charged before the customer has passed 3-D Secure: a failed attempt the customer may repeat.
          await this.attempts.recordFinished(tx, row.id, summary, { status: 'failed', reasonCode: 'bank_unavailable' }, now);
          return this.fail(tx, row, 'bank_unavailable', now);
        case 'approved':
          await this.attempts.recordFinished(tx, row.id, summary, { status: 'paid', reasonCode: null }, now);
          return this.settlePaid(tx, row, summary, now);
        case 'challenge':
          await this.attempts.startThreeDs(
            tx,
            row.id,
            summary,
            { processor: processor.name, processor_state: start.state, bank_page: start.bankPage },
            new Date(now.getTime() + this.config.THREE_DS_WINDOW_SECONDS * 1000),
          );
          return this.page(row, await this.attempts.findWaiting(tx, row.id), now);
      }
    });
    return { page, form_error: formError };
  }

  /**
   * Back from 3-D Secure: the sandbox screen's button or a live bank's return, each only for
   * its own kind of processor. v3 knows no `pending`: a screen left without an answer, or a
   * bank that does not answer, is a failed attempt the customer may repeat.
   */
  async completeThreeDs(token: string, input: { source: 'test_screen' | 'bank_return'; answer: ChallengeAnswer }): Promise<PaymentPage> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const row = await this.lockedPayment(tx, token);
      const waiting = await this.attempts.findWaiting(tx, row.id);
      if (!this.open(row, now) || !waiting || !this.threeDsOpen(waiting, now) || !waiting.processor_state) return this.page(row, undefined, now);
      if ((waiting.processor === 'sandbox') !== (input.source === 'test_screen')) return this.page(row, waiting, now);
      const outcome: AuthorisationOutcome = await this.processors.named(waiting.processor, row.environment).finish(waiting.processor_state, input.answer);
      if (outcome.status === 'paid') {
        await this.attempts.finish(tx, waiting.id, 'paid', null, now);
        return this.settlePaid(tx, row, waiting.card, now);
      }
      if (outcome.status === 'pending' && waiting.processor !== 'sandbox') {
        // A live bank that has not answered may still charge the card: wait for its answer (looked up).
        await this.attempts.markPending(tx, waiting.id);
        return this.page(row, undefined, now, true);
      }
      const reason = outcome.status === 'failed' ? outcome.reason : 'payment_timed_out';
      await this.attempts.finish(tx, waiting.id, 'failed', reason, now);
      return this.fail(tx, row, reason, now);
    });
  }

  /**
   * Asks the live processor about attempts whose bank answer is awaited: paid pays the
   * payment (even past its page's validity: the card was charged while it was open), failed
   * counts a failed attempt; one unanswered for PENDING_MAX_SECONDS fails as timed out.
   */
  async lookUpPending(limit = 50): Promise<number> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const due = await this.attempts.claimPending(tx, limit);
      return eachIndependently(
        due,
        async (attempt) => {
          const payment = (await this.payments.findById(tx, attempt.payment_id, true))!;
          let outcome = await this.processors.named(attempt.processor, payment.environment).lookUp(attempt.processor_state!);
          if (outcome.status === 'pending' && now.getTime() - new Date(attempt.started_at).getTime() > this.config.PENDING_MAX_SECONDS * 1000) {
            outcome = { status: 'failed', reason: 'payment_timed_out' };
          }
          if (outcome.status === 'pending') return;
          if (outcome.status === 'paid') {
            await this.attempts.finish(tx, attempt.id, 'paid', null, now);
            await this.settlePaid(tx, payment, attempt.card, now);
            return;
          }
          await this.attempts.finish(tx, attempt.id, 'failed', outcome.reason, now);
          await this.fail(tx, payment, outcome.reason, now);
        },
        (attempt) => `attempt ${attempt.id}`,
      );
    });
  }

  private async settlePaid(tx: SqlExecutor, row: PaymentRow, card: AttemptCard, now: Date): Promise<PaymentPage> {
    const paid = await this.payments.transition(tx, ownerOf(row), row.id, { move: 'pay', card, paid_at: now });
    const page = this.page(paid, undefined, now);
    await publishPaymentEvent(tx, paid, page.payment, now);
    return page;
  }

  private async fail(tx: SqlExecutor, row: PaymentRow, reason: string, now: Date): Promise<PaymentPage> {
    const failed = await this.payments.transition(tx, ownerOf(row), row.id, { move: 'record_failure', reason_code: reason });
    const page = this.page(failed, undefined, now);
    await publishPaymentEvent(tx, failed, page.payment, now);
    return page;
  }

  private async lockedPayment(tx: SqlExecutor, token: string): Promise<PaymentRow> {
    const row = await this.payments.findByPageToken(tx, token, true);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No payment for this address');
    return row;
  }

  private page(row: PaymentRow, waiting: AttemptRow | undefined, now: Date, awaitedAnswer = false): PaymentPage {
    const payment = toPaymentRecord(row, this.config.CHECKOUT_PUBLIC_URL, now);
    // Past expires_at too: the page says the bank's answer is awaited, never offers the form again.
    const bankPending = awaitedAnswer || row.awaiting_bank;
    const threeDs = payment.status === 'created' && waiting !== undefined && this.threeDsOpen(waiting, now);
    return {
      payment,
      merchant_name: row.merchant_name,
      stage: payment.status !== 'created' ? 'result' : bankPending ? 'bank_pending' : threeDs ? 'three_ds' : 'card_form',
      three_ds_card_last_four: threeDs ? waiting.card.last_four : null,
      bank_page: threeDs ? waiting.bank_page : null,
      return_url: resultAddress(row.return_url, payment),
    };
  }

  private open(row: PaymentRow, now: Date): boolean {
    return row.status === 'created' && now.getTime() < new Date(row.expires_at).getTime();
  }

  private threeDsOpen(attempt: AttemptRow, now: Date): boolean {
    return attempt.status === 'three_ds' && attempt.three_ds_expires_at !== null && now.getTime() < new Date(attempt.three_ds_expires_at).getTime();
  }
}
