import { randomUUID } from 'node:crypto';
import type { CardPlatform } from '../client.js';
import type { Order, Payment, WebhookDelivery, WebhookDeliveryDetail } from '../types.js';
import { UsageError } from './config.js';
import { fields, table, type Output } from './output.js';

export type Flags = Record<string, string | boolean | undefined>;

export function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** A flag that must be an http or https address: checked before anything is sent. */
export function httpUrl(flags: Flags, name: string): string {
  const value = required(flags, name);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--${name} must be an address such as http://localhost:4242/webhooks, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--${name} must be an http or https address, not ${url.protocol}`);
  return url.toString();
}

const optional = (flags: Flags, name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);

export const showPayment = (p: Payment) =>
  fields([
    ['code', p.code],
    ['status', p.status],
    ['amount', `${p.amount} ${p.currency_code}`],
    ['reference', p.merchant_reference],
    ['payment_url', p.payment_url],
    ['paid_at', p.paid_at],
    ['expires_at', p.expires_at],
  ]);

export const showOrder = (o: Order) =>
  fields([
    ['merchant_order_id', o.merchant_order_id],
    ['order_code', o.order_code],
    ['status', o.status],
    ['amount', `${o.amount} ${o.currency}`],
    ['redirect_url', o.redirect_url],
    ['hosted_url', o.hosted_url],
    ['failure', o.failure_reason_code],
  ]);

const showDelivery = (d: WebhookDeliveryDetail) => {
  const { payload, ...rest } = d as WebhookDeliveryDetail & { payload?: unknown };
  return `${fields(Object.entries(rest))}${payload === undefined ? '' : `\npayload\n${JSON.stringify(payload, null, 2)}`}`;
};

export async function payments(client: CardPlatform, action: string | undefined, args: string[], flags: Flags, out: Output): Promise<void> {
  if (action === 'create') {
    const { data, created } = await client.payments.create(
      {
        amount: required(flags, 'amount'),
        currency_code: (optional(flags, 'currency') ?? 'TRY') as Payment['currency_code'],
        merchant_reference: optional(flags, 'reference') ?? null,
        return_url: optional(flags, 'return-url') ?? null,
      },
      { idempotencyKey: optional(flags, 'idempotency-key') ?? randomUUID() },
    );
    return out.result(data, (p: Payment) => `${created ? 'created' : 'repeat: the original payment'}\n${showPayment(p)}`);
  }
  if (action === 'get') return out.result(await client.payments.get(args[0] ?? required(flags, 'code')), showPayment);
  throw new UsageError('payments create --amount A [--currency TRY] [--reference R] [--return-url U] | payments get CODE');
}

export async function orders(client: CardPlatform, action: string | undefined, args: string[], flags: Flags, out: Output): Promise<void> {
  if (action === 'create') {
    const card = optional(flags, 'card');
    const [month, year] = (optional(flags, 'expiry') ?? '12/30').split('/');
    const { data, created } = await client.orders.create({
      merchant_order_id: optional(flags, 'id') ?? `cli-${randomUUID().slice(0, 8)}`,
      amount: required(flags, 'amount'),
      ...(card
        ? {
            card: {
              holder_name: optional(flags, 'holder') ?? 'Test Customer',
              number: card,
              expiry_month: month!,
              expiry_year: year!,
              cvv: optional(flags, 'cvv') ?? '123',
            },
          }
        : { bin: required(flags, 'bin') }),
    });
    return out.result(data, (o: Order) => `${created ? 'created' : 'repeat: the order as it stands'}\n${showOrder(o)}`);
  }
  if (action === 'get') return out.result(await client.orders.get(args[0] ?? required(flags, 'id')), showOrder);
  throw new UsageError('orders create --amount A (--bin BIN | --card NUMBER [--expiry MM/YY] [--cvv C]) [--id ID] | orders get ID');
}

export async function deliveries(client: CardPlatform, action: string | undefined, args: string[], flags: Flags, out: Output): Promise<void> {
  if (action === 'list') {
    const page = await client.webhookDeliveries.list({
      status: optional(flags, 'status') as WebhookDelivery['status'] | undefined,
      page: flags.page ? Number(flags.page) : undefined,
      per_page: flags['per-page'] ? Number(flags['per-page']) : undefined,
    });
    return out.result(page, (p: typeof page) =>
      [
        table(
          ['id', 'event', 'status', 'attempts', 'last', 'created'],
          p.data.map((d) => [d.id, d.event, d.status, d.attempt_count, d.last_status_code ?? d.last_error_code, d.created_at]),
        ),
        `page ${p.meta.page} of ${Math.max(p.meta.total_pages, 1)} (${p.meta.total} in all)`,
      ].join('\n'),
    );
  }
  if (action === 'show') return out.result(await client.webhookDeliveries.get(args[0] ?? required(flags, 'id')), showDelivery);
  if (action === 'retry') {
    const id = args[0] ?? required(flags, 'id');
    return out.result(
      await client.webhookDeliveries.retry(id, { idempotencyKey: optional(flags, 'idempotency-key') }),
      (d: WebhookDeliveryDetail) => `re-queued\n${showDelivery(d)}`,
    );
  }
  throw new UsageError('deliveries list [--status pending|delivered|failed] [--page N] | deliveries show ID | deliveries retry ID');
}
