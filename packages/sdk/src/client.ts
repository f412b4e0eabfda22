import { Transport, type CallOptions, type ClientOptions } from './transport.js';
import type {
  Balance,
  BinInformation,
  CreateOrderRequest,
  CreatePaymentRequest,
  CreateReversalRequest,
  CreateWithdrawalRequest,
  Dispute,
  IdempotencyKeyUse,
  Order,
  Page,
  Payment,
  Reversal,
  SandboxDisputeRequest,
  ServiceStatusItem,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WithdrawableBalance,
  Withdrawal,
} from './types.js';

export interface PageQuery {
  page?: number;
  per_page?: number;
}

/** The answer of a create call: the resource, and whether this call created it (false on a repeat). */
export interface Created<T> {
  data: T;
  created: boolean;
}

type Query = object;

/** Walks every page of a list, one request per page. */
async function* everyItem<T>(list: (query: PageQuery) => Promise<Page<T>>, query: PageQuery): AsyncGenerator<T> {
  for (let page = query.page ?? 1; ; page += 1) {
    const answer = await list({ ...query, page });
    yield* answer.data;
    if (page >= answer.meta.total_pages) return;
  }
}

const segment = (value: string) => encodeURIComponent(value);

/**
 * The merchant API: Payments v3, Account Operations v3 and the Direct Card API v4, signed
 * with one environment's key and secret.
 *
 * ```ts
 * const platform = new CardPlatform({ apiKey, secret, baseUrl, environment: 'sandbox', merchantCode });
 * const { data: payment } = await platform.payments.create({ amount: '10.00', currency_code: 'TRY' });
 * ```
 */
export class CardPlatform {
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
  }

  private async get<T>(api: 'v3' | 'v4', path: string, query?: Query, options?: CallOptions): Promise<T> {
    return (await this.transport.send<T>({ api, method: 'GET', path, query, ...options })).data;
  }

  private async post<T>(api: 'v3' | 'v4', path: string, body: unknown, options?: CallOptions, repeatable = true): Promise<Created<T>> {
    const answer = await this.transport.send<T>({ api, method: 'POST', path, body, repeatable, ...options });
    return { data: answer.data, created: answer.status === 201 };
  }

  readonly payments = {
    /** POST /api/v3/payments: a hosted payment; send the customer to payment_url. */
    create: (body: CreatePaymentRequest, options?: CallOptions) => this.post<Payment>('v3', '/api/v3/payments', body, options),
    /** GET /api/v3/payments/{code}: confirm a payment's state. */
    get: (code: string, options?: CallOptions) => this.get<Payment>('v3', `/api/v3/payments/${segment(code)}`, undefined, options),
  };

  readonly balance = {
    get: (options?: CallOptions) => this.get<Balance>('v3', '/api/v3/balance', undefined, options),
    withdrawable: (options?: CallOptions) => this.get<WithdrawableBalance>('v3', '/api/v3/balance/withdrawable', undefined, options),
  };

  readonly refunds = {
    /** POST /api/v3/refunds (202: accepted, not completed). */
    create: (body: CreateReversalRequest, options?: CallOptions) => this.post<Reversal>('v3', '/api/v3/refunds', body, options).then((r) => r.data),
    list: (query: PageQuery & { status?: Reversal['status']; operation_type?: 'refund' | 'void' } = {}, options?: CallOptions) =>
      this.get<Page<Reversal>>('v3', '/api/v3/refunds', query, options),
    listAll: (query: { status?: Reversal['status']; operation_type?: 'refund' | 'void'; per_page?: number } = {}) =>
      everyItem((page) => this.refunds.list({ ...query, ...page }), query),
    get: (id: string, options?: CallOptions) => this.get<Reversal>('v3', `/api/v3/refunds/${segment(id)}`, undefined, options),
  };

  readonly withdrawals = {
    /** POST /api/v3/withdrawals (201: amount reserved, not yet sent). */
    create: (body: CreateWithdrawalRequest, options?: CallOptions) => this.post<Withdrawal>('v3', '/api/v3/withdrawals', body, options).then((r) => r.data),
    list: (query: PageQuery & { status?: Withdrawal['status'] } = {}, options?: CallOptions) =>
      this.get<Page<Withdrawal>>('v3', '/api/v3/withdrawals', query, options),
    listAll: (query: { status?: Withdrawal['status']; per_page?: number } = {}) => everyItem((page) => this.withdrawals.list({ ...query, ...page }), query),
    get: (id: string, options?: CallOptions) => this.get<Withdrawal>('v3', `/api/v3/withdrawals/${segment(id)}`, undefined, options),
  };

  readonly disputes = {
    list: (query: PageQuery & { status?: Dispute['status'] } = {}, options?: CallOptions) => this.get<Page<Dispute>>('v3', '/api/v3/disputes', query, options),
    listAll: (query: { status?: Dispute['status']; per_page?: number } = {}) => everyItem((page) => this.disputes.list({ ...query, ...page }), query),
    get: (id: string, options?: CallOptions) => this.get<Dispute>('v3', `/api/v3/disputes/${segment(id)}`, undefined, options),
    /** Before evidence_due_at; a new Idempotency-Key replaces the earlier note. */
    submitEvidence: (id: string, note: string, options?: CallOptions) =>
      this.post<Dispute>('v3', `/api/v3/disputes/${segment(id)}/evidence`, { note }, options).then((r) => r.data),
  };

  readonly webhookDeliveries = {
    list: (query: PageQuery & { status?: WebhookDelivery['status'] } = {}, options?: CallOptions) =>
      this.get<Page<WebhookDelivery>>('v3', '/api/v3/webhooks/deliveries', query, options),
    listAll: (query: { status?: WebhookDelivery['status']; per_page?: number } = {}) =>
      everyItem((page) => this.webhookDeliveries.list({ ...query, ...page }), query),
    get: (id: string, options?: CallOptions) => this.get<WebhookDeliveryDetail>('v3', `/api/v3/webhooks/deliveries/${segment(id)}`, undefined, options),
    /** Re-queue a failed delivery; a repeat with the same Idempotency-Key queues nothing more. */
    retry: (id: string, options?: CallOptions) =>
      this.post<WebhookDeliveryDetail>('v3', `/api/v3/webhooks/deliveries/${segment(id)}/retry`, undefined, options).then((r) => r.data),
  };

  readonly idempotencyKeys = {
    /**
     * GET /api/v3/idempotency-keys/{key}: what this key was used for (usually one use), its
     * request digest and the answer it gave; 404 1000011 when this environment never saw it.
     */
    get: (key: string, options?: CallOptions) =>
      this.get<{ data: IdempotencyKeyUse[] }>('v3', `/api/v3/idempotency-keys/${segment(key)}`, undefined, options).then((r) => r.data),
  };

  /** GET /api/v3/service-status (public): what is in maintenance. */
  serviceStatus(options?: CallOptions): Promise<ServiceStatusItem[]> {
    return this.get<{ data: ServiceStatusItem[] }>('v3', '/api/v3/service-status', undefined, options).then((r) => r.data);
  }

  readonly bins = {
    /** GET /api/v4/bins/{bin}?amount=: card brand, bank and installment options. */
    get: (bin: string, amount: string, options?: CallOptions) =>
      this.get<{ data: BinInformation }>('v4', `/api/v4/bins/${segment(bin)}`, { amount }, options).then((r) => r.data),
  };

  readonly orders = {
    /** POST /api/v4/orders: direct (card, then 3-D Secure at redirect_url) or hosted (bin, then hosted_url). */
    create: (body: CreateOrderRequest, options?: CallOptions) =>
      this.post<{ data: Order }>('v4', '/api/v4/orders', body, options).then((r) => ({ data: r.data.data, created: r.created })),
    get: (merchantOrderId: string, options?: CallOptions) =>
      this.get<{ data: Order }>('v4', `/api/v4/orders/${segment(merchantOrderId)}`, undefined, options).then((r) => r.data),
  };

  readonly sandbox = {
    /** Sandbox keys only: open a dispute on a paid sandbox payment, in the scenario's state. */
    createDispute: (body: SandboxDisputeRequest, options?: CallOptions) =>
      this.post<Dispute>('v3', '/api/v3/sandbox/disputes', body, options).then((r) => r.data),
    /**
     * Sandbox keys only: close a pending or hosted order as paid or failed. Sent once: a repeat
     * after it worked is refused (409 0055404), so after a ConnectionError read the order.
     */
    setOrderResult: (merchantOrderId: string, result: 'paid' | 'failed', options?: CallOptions) =>
      this.post<{ data: Order }>('v4', `/api/v4/sandbox/orders/${segment(merchantOrderId)}/result`, { result }, options, false).then((r) => r.data.data),
  };
}
