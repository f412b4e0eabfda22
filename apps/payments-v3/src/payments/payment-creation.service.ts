import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ApiError,
  truncateCharacters,
  type Caller,
  type CreatePaymentBody,
  type IdempotencyKeyUse,
  type PaymentRecord,
  type RequestDigest,
  Errors,
} from '@platform/contracts';
import { CARD_PROCESSORS, CardProcessors } from '@platform/card-processing';
import { pooledRandomBytes } from '@platform/signing';
import { parseWireAmount } from '@platform/money';
import { BatchedCalls, causedByARow, IdempotencyStore, type IdempotentRequest } from '@platform/persistence';
import { Clock, CONFIG, MaintenanceFlags, MerchantSettings } from '@platform/service-kit';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { checkAccountLimit } from './account-limits';
import { checkReturnUrl, checkWebhookUrl } from './address-rules';
import { FxRatesService } from './fx-rates.service';
import { PaymentRepository, type NewPaymentRow, type PaymentRow } from './payment.repository';
import { toPaymentRecord } from './payment-view';

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function paymentCode(): string {
  const bytes = pooledRandomBytes(12);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** A new payment with the Idempotency-Key use that claims it. */
interface ClaimedPayment {
  owner: Caller;
  request: IdempotentRequest;
  payment: NewPaymentRow;
}

/** Two requests may race with one key, each with a code of its own: both go in, and the key decides. */
function claimedPaymentId(item: ClaimedPayment): string {
  return JSON.stringify([item.owner.merchantCode, item.owner.environment, item.request.key, item.payment.code]);
}

interface NewPayment {
  merchant_reference: string | null;
  amount: string;
  currency_code: CreatePaymentBody['currency_code'];
  merchant_name: string;
  webhook_url: string | null;
  return_url: string | null;
  now: Date;
}

/**
 * Hosted payments, v3. The Idempotency-Key is claimed by the statement that creates the
 * payment: the same key and fingerprint return the original payment, a different
 * body 9000039, a different sandbox scenario 9000010; parallel repeats wait on the key.
 */
@Injectable()
export class PaymentCreationService {
  private readonly keys = new IdempotencyStore(DATABASE.schema);

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly rates: FxRatesService,
    private readonly settings: MerchantSettings,
    private readonly maintenance: MaintenanceFlags,
    @Inject(CARD_PROCESSORS) private readonly processors: CardProcessors,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async create(
    caller: Caller,
    input: { body: CreatePaymentBody; fingerprint: string; scenario: string | null; request_digest?: RequestDigest },
    idempotencyKey: string,
  ): Promise<{ created: boolean; payment: PaymentRecord }> {
    const now = this.clock.now();
    const request = { scope: 'payment.create', key: idempotencyKey, fingerprint: input.fingerprint, scenario: input.scenario, digest: input.request_digest };
    let fields: NewPayment;
    try {
      fields = await this.checked(caller, input.body, now);
    } catch (error) {
      // A repeat of an accepted request gets its payment whatever refuses a new one now
      // (maintenance, limits, settings). A new payment's key is checked by its insert alone.
      const earlier = await this.keys.earlier(this.dataSource, caller, request);
      if (earlier) return this.repeat(caller, earlier.resource_id!, now);
      throw error;
    }
    return this.insert(caller, request, fields);
  }

  /** The caller's uses of a key in this schema's one key table: payment creations and refund/void requests (ADR 0034). */
  keyUses(caller: Caller, key: string): Promise<IdempotencyKeyUse[]> {
    return this.keys.inspect(this.dataSource, caller, key, ['payment.create', 'reversal.request']);
  }

  /** What a new payment would be, or the error that refuses it; reads nothing but settings and rates. */
  private async checked(caller: Caller, body: CreatePaymentBody, now: Date): Promise<NewPayment> {
    this.maintenance.assertOpen('api_collection');
    const merchant = await this.settings.requireReadyForPayments(caller);
    // Live without a configured connector takes no card payment: refused before anything is stored.
    this.processors.for(caller.environment);
    const amount = parseWireAmount(body.amount);
    // Only a malformed amount is a schema error; a well-formed one of any size meets the limits (9000005).
    if (!amount) {
      throw new ApiError(Errors.RequestSchemaInvalid, 'amount must be a decimal string with exactly 2 decimals', {
        errors: { amount: ['must be a positive decimal string with exactly 2 decimals'] },
      });
    }
    const limit = checkAccountLimit({
      amount,
      currency: body.currency_code,
      baseCurrency: merchant.base_currency,
      usdPerUnit: await this.rates.usdPerUnit(),
      limits: merchant.payment_limits,
    });
    if (!limit.inside) {
      throw new ApiError(
        Errors.PaymentAmountOutsideLimits,
        `amount is ${limit.converted} ${limit.limit.currency_code} after conversion, outside the account limits`,
        { limits: limit.limit },
      );
    }
    let returnUrl: string | null = null;
    if (body.return_url !== undefined && body.return_url !== null) {
      const checked = checkReturnUrl(body.return_url, caller.environment);
      if (!checked.ok) throw new ApiError(Errors.PaymentReturnUrlInvalid, checked.reason);
      returnUrl = checked.url;
    }
    if (body.webhook_url !== undefined && body.webhook_url !== null) {
      const problem = await checkWebhookUrl(body.webhook_url, this.config.WEBHOOK_ALLOW_LOOPBACK);
      if (problem) throw new ApiError(Errors.RequestSchemaInvalid, problem, { errors: { webhook_url: [problem] } });
    }
    const merchantName = truncateCharacters(body.merchant_name ?? `Hesap ${merchant.account_number}`, 120);
    return {
      merchant_reference: body.merchant_reference ?? null,
      amount: amount.toFixed(2),
      currency_code: body.currency_code,
      merchant_name: merchantName,
      webhook_url: body.webhook_url ?? null,
      return_url: returnUrl,
      now,
    };
  }

  private async insert(caller: Caller, request: IdempotentRequest, fields: NewPayment): Promise<{ created: boolean; payment: PaymentRecord }> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = paymentCode();
      try {
        const outcome = await this.insertsOfOneTurn.call({
          owner: caller,
          request,
          payment: {
            code,
            merchant_reference: fields.merchant_reference,
            amount: fields.amount,
            currency_code: fields.currency_code,
            merchant_name: fields.merchant_name,
            webhook_url: fields.webhook_url,
            return_url: fields.return_url,
            page_token: pooledRandomBytes(24).toString('base64url'),
            created_at: fields.now,
            expires_at: new Date(fields.now.getTime() + this.config.PAYMENT_PAGE_SECONDS * 1000),
          },
        });
        if (outcome) return { created: true, payment: toPaymentRecord(outcome, this.config.CHECKOUT_PUBLIC_URL, fields.now) };
        // A parallel request with the same key committed first: answer as a repeat.
        const winner = await this.keys.earlier(this.dataSource, caller, request);
        return this.repeat(caller, winner!.resource_id!, fields.now);
      } catch (error) {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint === 'payments_reference_once')
          throw new ApiError(Errors.PaymentReferenceReused, 'merchant_reference was used before in this account and environment');
        if (constraint === 'payments_code_key') continue;
        throw error;
      }
    }
    throw new ApiError(Errors.PlatformUnavailable, 'could not allocate a payment code; repeat the request unchanged');
  }

  /**
   * Each payment and its key's claim go in one statement with those of the other payments created
   * in the same turn of the event loop; null when another request holds the key. A statement one
   * row failed is not the others' answer: each goes again alone, and answers with its own error.
   */
  private readonly insertsOfOneTurn = new BatchedCalls<ClaimedPayment, PaymentRow | null>(
    async (items) => {
      const inserted = new Map((await this.payments.insertClaimed(this.dataSource, this.claimOf(items), items)).map((row) => [row.code, row]));
      return new Map(items.map((item) => [claimedPaymentId(item), inserted.get(item.payment.code) ?? null]));
    },
    claimedPaymentId,
    { aloneOnFailure: causedByARow },
  );

  /** A repeat reads the payment as it is then, so each key keeps nothing but its payment's code. */
  private claimOf(items: ClaimedPayment[]): { sql: string; parameters: unknown[] } {
    return this.keys.claimCompletedStatement(items.map((item) => ({ owner: item.owner, request: item.request, resourceId: item.payment.code })));
  }

  private async repeat(caller: Caller, paymentCode: string, now: Date): Promise<{ created: boolean; payment: PaymentRecord }> {
    const payment = await this.payments.findByCode(this.dataSource, caller, paymentCode);
    return { created: false, payment: toPaymentRecord(payment!, this.config.CHECKOUT_PUBLIC_URL, now) };
  }
}
