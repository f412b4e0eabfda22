import { z } from 'zod';

/** Words shared by commands, events and API bodies; kept apart so that none of them imports another for a constant. */

export const PAYMENT_CURRENCIES = ['USD', 'EUR', 'AED', 'TRY'] as const;
/** Currencies with an operator rate: the payment currencies and USDT, the payout asset. */
export const RATED_CURRENCIES = [...PAYMENT_CURRENCIES, 'USDT'] as const;

export const PAYMENT_STATUSES = ['created', 'paid', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The version of a payment or an order: 1 when it is created, one more with each change the
 * merchant can see (ADR 0033), raised in the statement that makes the change.
 */
export const ResourceVersionSchema = z.number().int().min(1);
