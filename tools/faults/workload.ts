import { ERROR_CATALOGUE, Errors, isErrorCode } from '@platform/contracts';
import { V3Client, V4Client, payOnPaymentPage, type ProvisionedMerchant, type SignedResponse } from '@platform/testing';
import { SeededRandom } from './random';

export type OperationKind = 'order' | 'payment' | 'refund' | 'withdrawal' | 'dispute';

/** One operation as the merchant's client saw it: its key, what it asked, its final answer. */
export interface Operation {
  kind: OperationKind;
  /** The Idempotency-Key, or the order's merchant_order_id: what makes a retry the same request. */
  key: string;
  amount: string;
  /** A v3 payment's or v4 order's code once created; the payment a refund or dispute is for. */
  code?: string;
  /** `paid` for a payment or order the client saw paid; the dispute's scenario; the reversal's or withdrawal's status. */
  state?: string;
  outcome: 'ok' | 'refused' | 'unanswered';
  /** The spec's error code of a refusal, or what went wrong for an unanswered one. */
  detail?: string;
  attempts: number;
}

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DISPUTE_SCENARIOS = ['open', 'won', 'lost'] as const;

class Unanswered extends Error {}

/**
 * A steady flow of a merchant's sandbox operations (v4 orders paid through the sandbox result,
 * v3 payments paid on the payment page, refunds, withdrawals, disputes), each retried as a
 * careful client would: the same request again after a network error or an answer whose
 * retry class is `retry_unchanged`, until an answer or the deadline.
 */
export class Workload {
  readonly operations: Operation[] = [];
  /** Payments a refund or a dispute has taken: each is taken once. */
  private readonly taken = new Set<Operation>();
  private stopAt = 0;
  private deadline = 0;

  constructor(
    private readonly gatewayUrl: () => string,
    private readonly merchant: ProvisionedMerchant,
    private readonly seed: number,
    /**
     * `same-key`: every write's first attempt sent twice at once, which must make one operation
     * with one answer. `other-keys`: every write sent at the same moment as a twin with the same
     * body under another key: two operations, or the second refused where only one may exist
     * (one refund per payment).
     */
    private readonly racing: 'same-key' | 'other-keys' | undefined = undefined,
  ) {}

  /** Runs `workers` clients for `durationMs`; each then finishes what it started until `deadlineMs` from now. */
  async run(workers: number, durationMs: number, deadlineMs: number): Promise<void> {
    this.stopAt = Date.now() + durationMs;
    this.deadline = Date.now() + deadlineMs;
    await Promise.all(Array.from({ length: workers }, (_, worker) => this.client(new SeededRandom(this.seed * 31 + worker))));
  }

  private async client(random: SeededRandom): Promise<void> {
    while (Date.now() < this.stopAt) {
      const kind = random.pick<OperationKind>(['order', 'order', 'payment', 'payment', 'refund', 'withdrawal', 'dispute']);
      const operation: Operation = {
        kind,
        key: `${kind}-${random.id(20)}`,
        amount: `${random.between(20, 90)}.${random.between(10, 99)}`,
        outcome: 'unanswered',
        attempts: 0,
      };
      const target = kind === 'refund' || kind === 'dispute' ? this.paidPayment(random) : undefined;
      if ((kind === 'refund' || kind === 'dispute') && !target) continue;
      const twins = this.racing === 'other-keys' ? [operation, { ...operation, key: `${kind}-${random.id(20)}` }] : [operation];
      this.operations.push(...twins);
      await Promise.all(
        twins.map(async (twin) => {
          try {
            await this.perform(twin, target, random);
          } catch (error) {
            twin.outcome = 'unanswered';
            twin.detail = error instanceof Error ? error.message : String(error);
          }
        }),
      );
    }
  }

  /** A paid v3 payment nobody has refunded or disputed yet, taken so that no other operation takes it. */
  private paidPayment(random: SeededRandom): Operation | undefined {
    const free = this.operations.filter((op) => op.kind === 'payment' && op.state === 'paid' && !this.taken.has(op));
    if (free.length === 0) return undefined;
    const payment = random.pick(free);
    this.taken.add(payment);
    return payment;
  }

  private async perform(operation: Operation, target: Operation | undefined, random: SeededRandom): Promise<void> {
    const v3 = () => new V3Client(this.gatewayUrl(), this.merchant);
    const v4 = () => new V4Client(this.gatewayUrl(), this.merchant);
    const keyed = { headers: { 'Idempotency-Key': operation.key } };
    switch (operation.kind) {
      case 'order': {
        const created = await this.answer(operation, () =>
          v4().request('POST', '/api/v4/orders', { merchant_order_id: operation.key, amount: operation.amount, bin: '540061' }),
        );
        if (!created) return;
        operation.code = created.body.data.order_code;
        const closed = await this.answer(operation, () => v4().request('POST', `/api/v4/sandbox/orders/${operation.key}/result`, { result: 'paid' }));
        if (closed) operation.state = closed.body.data.status;
        // Already closed, perhaps by this very request when its answer was lost: read it, as the refusal advises.
        else if (operation.detail === Errors.OrderStateConflict) {
          const read = await this.answer(operation, () => v4().get(`/api/v4/orders/${operation.key}`));
          if (read) operation.state = read.body.data.status;
        }
        return;
      }
      case 'payment': {
        const created = await this.answer(operation, () => v3().request('POST', '/api/v3/payments', { amount: operation.amount, currency_code: 'TRY' }, keyed));
        if (!created) return;
        operation.code = created.body.code;
        operation.state = await this.pay(operation, created.body.payment_url);
        return;
      }
      case 'refund': {
        operation.code = target!.code;
        operation.amount = target!.amount;
        const body = { payment_code: target!.code, operation_type: 'refund', reason: 'fault suite refund' };
        const refund = await this.answer(operation, () => v3().request('POST', '/api/v3/refunds', body, keyed));
        if (refund) operation.state = refund.body.status;
        return;
      }
      case 'withdrawal': {
        const body = { amount: operation.amount, address: TRON_ADDRESS, address_acknowledged: true };
        const withdrawal = await this.answer(operation, () => v3().request('POST', '/api/v3/withdrawals', body, keyed));
        if (withdrawal) operation.state = withdrawal.body.status;
        return;
      }
      case 'dispute': {
        operation.code = target!.code;
        operation.amount = target!.amount;
        const scenario = random.pick(DISPUTE_SCENARIOS);
        const body = { payment_code: target!.code, scenario, reason: 'fraud' };
        const dispute = await this.answer(operation, () => v3().request('POST', '/api/v3/sandbox/disputes', body, keyed));
        if (dispute) operation.state = dispute.body.status;
        return;
      }
    }
  }

  /** The payment page until the payment reads paid; the customer tries again when a page fails. */
  private async pay(operation: Operation, paymentUrl: string): Promise<string | undefined> {
    const v3 = () => new V3Client(this.gatewayUrl(), this.merchant);
    while (Date.now() < this.deadline) {
      operation.attempts += 1;
      try {
        await payOnPaymentPage(paymentUrl);
        const read = await v3().request('GET', `/api/v3/payments/${operation.code}`);
        if (read.body?.status === 'paid') return 'paid';
      } catch {
        // the page or the API is down for the moment: the customer reloads
      }
      await pause(300);
    }
    operation.outcome = 'unanswered';
    operation.detail = 'the payment page never paid';
    return undefined;
  }

  /**
   * The final answer to one request: the response when it is 2xx, undefined (and the operation
   * marked refused) for a spec error that says not to repeat it; repeats otherwise.
   */
  private async answer(operation: Operation, send: () => Promise<SignedResponse>): Promise<SignedResponse | undefined> {
    while (Date.now() < this.deadline) {
      operation.attempts += 1;
      let response: SignedResponse;
      try {
        response = this.racing === 'same-key' && operation.attempts === 1 ? await this.race(operation, send) : await send();
      } catch (error) {
        if (error instanceof Unanswered) throw error;
        await pause(200);
        continue;
      }
      if (response.status >= 200 && response.status < 300) {
        operation.outcome = 'ok';
        return response;
      }
      const code: unknown = response.body?.code;
      if (!isErrorCode(code)) throw new Unanswered(`HTTP ${response.status} without a spec error code`);
      if (ERROR_CATALOGUE[code].retry !== 'retry_unchanged') {
        operation.outcome = 'refused';
        operation.detail = code;
        return undefined;
      }
      await pause(200);
    }
    throw new Unanswered('no answer before the deadline');
  }

  /**
   * The same request twice at once. Both answers must agree once neither is a `retry_unchanged`
   * refusal (the other still in progress): the same body for a success, the same status and code
   * for a refusal (whose message may tell the moment, a balance for one); the one kept is a 2xx if
   * either is.
   */
  private async race(operation: Operation, send: () => Promise<SignedResponse>): Promise<SignedResponse> {
    const [first, second] = await Promise.all([send(), send()]);
    const final = (response: SignedResponse) => {
      const code: unknown = response.body?.code;
      return response.status < 300 || (isErrorCode(code) && ERROR_CATALOGUE[code].retry !== 'retry_unchanged');
    };
    const outcome = (response: SignedResponse) => (response.status < 300 ? JSON.stringify(response.body) : `${response.status} ${String(response.body?.code)}`);
    const settled = [first, second].filter(final);
    if (settled.length === 2 && outcome(settled[0]!) !== outcome(settled[1]!))
      throw new Unanswered(`two answers to one ${operation.kind}: ${answerOf(settled[0]!)} and ${answerOf(settled[1]!)}`);
    return settled.find((r) => r.status < 300) ?? settled[0] ?? first;
  }
}

/** An answer as a verdict names it: the status, and the code and message of a refusal. */
function answerOf(response: SignedResponse): string {
  const body = response.body as { code?: unknown; detail?: unknown } | undefined;
  return response.status < 300 ? String(response.status) : `${response.status} ${String(body?.code)} (${String(body?.detail)})`;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
