import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ApiError, type BinInfo, type Caller, type OrderRecord, Errors } from '@platform/contracts';
import { BatchedCalls, causedByARow } from '@platform/persistence';
import { openSecret, pooledRandomBytes } from '@platform/signing';
import { cardDataKey, cardFingerprintKey, cardSealContext, Clock, CONFIG, MaintenanceFlags, MerchantSettings } from '@platform/service-kit';
import type { Config } from '../config';
import { BinLookupService } from '../bins/bin-lookup.service';
import { CARD_PROCESSORS, CardProcessors, notExpired, passesLuhn, type AuthorisationStart, type CardForAuthorisation } from '@platform/card-processing';
import { OrderFingerprints } from './order-fingerprints';
import { OrderLimits, refusedByVolume, volumeRefusal, type CardLimitRule } from './order-limits';
import { OrderRepository, type NewOrder, type NewOrderOf, type OrderRow } from './order.repository';
import { finishedStatus, publishOutcome } from './order-events';
import { toOrderRecord } from './order-view';

const SealedCardPayload = z.object({
  holder_name: z.string(),
  number: z.string(),
  expiry_month: z.string(),
  expiry_year: z.string(),
  cvv: z.string(),
});

/** What creating an order answers: the order, and whether this request made it. */
type Answer = { created: boolean; order: OrderRecord };

/** How long a claim on a merchant_order_id outlives the bank's timeout: the checks before the call and the insert after it. */
const CLAIM_BEYOND_THE_BANK_MS = 10_000;
/** How often a repeat waiting on a claim looks for the first request's order. */
const CLAIM_POLL_MS = 50;

export interface CreateOrderInput {
  merchant_order_id: string;
  amount: string;
  bin?: string;
  card?: { sealed: string };
}

/**
 * Creates Direct API orders in the spec's check order: account switches, amount
 * (0055235), BIN (0055233, 0055230), card (0055234). A repeat with the same
 * merchant_order_id and content returns the order as it stands; other content, 0055503.
 */
@Injectable()
export class OrderCreationService {
  private readonly key: Buffer;
  private readonly fingerprints: OrderFingerprints;
  private readonly limits: OrderLimits;

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    private readonly bins: BinLookupService,
    private readonly settings: MerchantSettings,
    private readonly maintenance: MaintenanceFlags,
    @Inject(CARD_PROCESSORS) private readonly processors: CardProcessors,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.key = cardDataKey(config);
    this.fingerprints = new OrderFingerprints(cardFingerprintKey(config));
    this.limits = new OrderLimits(orders, config);
  }

  async create(caller: Caller, input: CreateOrderInput): Promise<Answer> {
    const now = this.clock.now();
    const card = input.card ? this.openCard(caller, input) : undefined;
    const fingerprint = this.fingerprints.request({ merchantOrderId: input.merchant_order_id, amount: input.amount, bin: input.bin, card });
    // With a card the bank may be called before the insert: a repeat must be found first.
    // Without one the insert finds it, and a refusal looks for it (a repeat is answered as it stands).
    const repeated = async () => {
      const existing = await this.orders.find(this.dataSource, caller, input.merchant_order_id);
      return existing && this.repeat(existing, fingerprint, input.amount, now);
    };
    if (card) {
      const repeat = await repeated();
      if (repeat) return repeat;
      return this.whileOrderIdClaimed(caller, input.merchant_order_id, repeated, () => this.createNew(caller, input, card, fingerprint, now));
    }
    try {
      return await this.createNew(caller, input, card, fingerprint, now);
    } catch (error) {
      if (card || !(error instanceof ApiError)) throw error;
      const repeat = await repeated();
      if (repeat) return repeat;
      throw error;
    }
  }

  /**
   * A card order may go to the bank before it is stored, so its merchant_order_id is claimed
   * first: a repeat arriving meanwhile waits for that order and answers with it, instead of
   * starting a second payment at the bank. Past the first request's time it gets 0055503.
   */
  private async whileOrderIdClaimed(
    caller: Caller,
    merchantOrderId: string,
    repeated: () => Promise<Answer | undefined>,
    create: () => Promise<Answer>,
  ): Promise<Answer> {
    const claimMs = this.config.PROCESSOR_TIMEOUT_MS + CLAIM_BEYOND_THE_BANK_MS;
    const waitUntil = Date.now() + claimMs;
    for (;;) {
      const now = this.clock.now();
      const until = new Date(now.getTime() + claimMs);
      if (await this.orders.claimOrderId(this.dataSource, caller, merchantOrderId, now, until)) {
        try {
          return (await repeated()) ?? (await create());
        } finally {
          // A claim that cannot be given back lapses at `until`.
          await this.orders.releaseOrderId(this.dataSource, caller, merchantOrderId, until).catch(() => undefined);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      const repeat = await repeated();
      if (repeat) return repeat;
      if (Date.now() >= waitUntil) {
        throw new ApiError(
          Errors.OrderDuplicateConflict,
          'The first request with this merchant_order_id is still processing: repeat it unchanged once it has been answered',
        );
      }
    }
  }

  private async createNew(caller: Caller, input: CreateOrderInput, card: CardForAuthorisation | undefined, fingerprint: string, now: Date): Promise<Answer> {
    this.maintenance.assertOpen('api_collection');
    await this.settings.requireReadyForPayments(caller);
    // Live without a configured connector takes no card payment: refused with the account step, before anything is stored.
    const processor = this.processors.for(caller.environment);
    const bin = card ? card.number.slice(0, 6) : input.bin!;
    // The spec's order: amount (the lookup's bounds, then the account's volume), BIN, card. The
    // volume is checked here only before a bank is called; otherwise once, in the order's commit
    // under the account's lock, and before a later step's refusal is answered.
    let volumeChecked = false;
    const assertVolume = async () => {
      volumeChecked = true;
      await this.limits.assertVolume(this.dataSource, caller, input.amount, now);
    };
    let info: BinInfo;
    let cardRule: CardLimitRule | undefined;
    try {
      info = await this.bins.lookup(caller, bin, input.amount);
      // A card whose BIN is hosted at this moment is not used (the spec): the customer enters one on the page.
      const direct = card !== undefined && info.payment_mode !== 'hosted' ? card : undefined;
      if (direct) await assertVolume();
      if (direct && (!passesLuhn(direct.number) || !notExpired(direct.expiryMonth, direct.expiryYear, now))) {
        throw new ApiError(Errors.CardDetailsInvalid);
      }
      await this.bins.assertIssuerAvailable(caller, bin);
      cardRule = direct ? this.limits.cardRule(caller, direct.number, this.fingerprints.card(direct)) : undefined;
      if (cardRule) await this.limits.assertCard(this.dataSource, cardRule, input.amount, now);
    } catch (error) {
      if (!volumeChecked && error instanceof ApiError && error.code !== Errors.OrderAmountRefused) await assertVolume();
      throw error;
    }

    const base = {
      merchant_order_id: input.merchant_order_id,
      request_fingerprint: fingerprint,
      amount: input.amount,
      customer_token: pooledRandomBytes(24).toString('base64url'),
      three_ds_expires_at: null,
      hosted_expires_at: null,
      failure_reason_code: null,
      completed_at: null,
      processor: null,
      processor_state: null,
      bank_page: null,
      card_fingerprint: card ? this.fingerprints.card(card) : null,
    };
    let order: Omit<NewOrder, 'order_code'>;
    if (!card || info.payment_mode === 'hosted') {
      // Hosted at this moment: the customer enters the card on our page; any card details sent are dropped.
      order = {
        ...base,
        mode: 'hosted',
        status: 'requires_hosted',
        card: null,
        card_fingerprint: null,
        hosted_expires_at: new Date(now.getTime() + this.config.HOSTED_PAGE_SECONDS * 1000),
      };
    } else {
      const summary = {
        holder_name: card.holderName,
        bin,
        last_four: card.number.slice(-4),
        network: info.network,
        program: info.card_program,
        issuer_bank_name: info.bank_name,
      };
      const started = await processor.start({
        reference: `ord_${randomUUID()}`,
        amount: input.amount,
        currency: 'TRY',
        card,
        callbackUrl: `${this.config.CHECKOUT_PUBLIC_URL}/v4/3ds/${base.customer_token}/bank-return`,
        channel: 'direct',
      });
      order = { ...base, mode: 'direct', card: summary, ...directOrderState(started, processor.name, now, this.config.THREE_DS_WINDOW_SECONDS) };
    }
    return this.insert(caller, order, fingerprint, now, cardRule);
  }

  private async insert(
    caller: Caller,
    order: Omit<NewOrder, 'order_code'>,
    fingerprint: string,
    now: Date,
    cardRule: CardLimitRule | undefined,
  ): Promise<Answer> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      try {
        const newOrder = { ...order, order_code: String(randomInt(100000000, 1000000000)) };
        const checkedCard = order.card_fingerprint && cardRule ? cardRule : undefined;
        // The volume is checked again by the order's commit under the account's lock, a card's
        // usage here under the card's lock (taken after the insert: a parallel request with the
        // same merchant_order_id waits on the unique key first). A hosted order is one statement.
        const outcome =
          !checkedCard && !finishedStatus(order.status)
            ? await this.insertsOfOneTurn.call({ owner: caller, order: newOrder, now })
            : await this.dataSource.transaction(async (tx) => {
                const inserted = await this.orders.insert(tx, caller, newOrder, this.limits.volumeWindows(now));
                if (!inserted) return undefined;
                await publishOutcome(tx, inserted);
                if (checkedCard) {
                  await this.orders.lock(tx, `card:${caller.environment}:${order.card_fingerprint}`);
                  await this.limits.assertCard(tx, checkedCard, order.amount, now, inserted.id);
                }
                return inserted;
              });
        if (outcome) return { created: true, order: toOrderRecord(outcome, this.config.CHECKOUT_PUBLIC_URL, now) };
        // A parallel request with the same merchant_order_id won the insert.
        const winner = await this.orders.find(this.dataSource, caller, order.merchant_order_id);
        return this.repeat(winner!, fingerprint, order.amount, now);
      } catch (error) {
        if ((error as { constraint?: string }).constraint === 'orders_order_code_key') continue;
        throw volumeRefusal(error) ?? error;
      }
    }
    throw new ApiError(Errors.PlatformUnavailable, 'could not allocate an order code; repeat the request unchanged');
  }

  /**
   * The orders that need one statement (ADR 0030) and arrive in one turn go in with one (ADR 0042):
   * one commit, one check of each account's volume. The windows are those of the earliest order
   * of the turn, which reach back the furthest. When one order fails the statement (over a
   * volume window, a code taken, a deadlock), each goes again alone and gets its own answer.
   */
  private readonly insertsOfOneTurn = new BatchedCalls<NewOrderOf & { now: Date }, OrderRow | null>(
    async (items) => {
      const earliest = new Date(Math.min(...items.map((item) => item.now.getTime())));
      const rows = await this.orders.insertMany(this.dataSource, items, this.limits.volumeWindows(earliest));
      const inserted = new Map(rows.map((row) => [row.order_code, row]));
      return new Map(items.map((item) => [item.order.customer_token, inserted.get(item.order.order_code) ?? null]));
    },
    // Each call its own key: two calls that drew one order code must both reach the table's unique key.
    (item) => item.order.customer_token,
    { aloneOnFailure: (error) => causedByARow(error) || refusedByVolume(error) },
  );

  private repeat(existing: OrderRow, fingerprint: string, amount: string, now: Date): Answer {
    if (!this.fingerprints.sameRequest(existing.request_fingerprint, fingerprint, amount)) {
      throw new ApiError(Errors.OrderDuplicateConflict, 'This merchant_order_id was used with different content');
    }
    return { created: false, order: toOrderRecord(existing, this.config.CHECKOUT_PUBLIC_URL, now) };
  }

  private openCard(caller: Caller, input: CreateOrderInput): CardForAuthorisation {
    let raw: string;
    try {
      raw = openSecret(input.card!.sealed, this.key, cardSealContext(caller.merchantCode, caller.environment, input.merchant_order_id));
    } catch {
      throw new ApiError(Errors.PlatformInternalError, 'card data could not be opened');
    }
    const card = SealedCardPayload.parse(JSON.parse(raw));
    return { number: card.number, expiryMonth: card.expiry_month, expiryYear: card.expiry_year, cvv: card.cvv, holderName: card.holder_name };
  }
}

/** What the processor's first answer makes of a direct order. */
function directOrderState(
  started: AuthorisationStart,
  processor: string,
  now: Date,
  threeDsWindowSeconds: number,
): Pick<NewOrder, 'status' | 'failure_reason_code' | 'completed_at' | 'processor' | 'processor_state' | 'bank_page' | 'three_ds_expires_at'> {
  const none = { failure_reason_code: null, completed_at: null, processor, processor_state: null, bank_page: null, three_ds_expires_at: null };
  switch (started.kind) {
    case 'declined':
      return { ...none, status: 'failed', failure_reason_code: started.reason, completed_at: now };
    case 'approved':
      return { ...none, status: 'paid', processor_state: started.state, completed_at: now };
    case 'no_answer':
      // The bank has not answered: the order waits, and the processor is asked again later.
      return { ...none, status: 'pending', processor_state: started.state };
    case 'challenge':
      return {
        ...none,
        status: 'requires_action',
        processor_state: started.state,
        bank_page: started.bankPage,
        three_ds_expires_at: new Date(now.getTime() + threeDsWindowSeconds * 1000),
      };
  }
}
