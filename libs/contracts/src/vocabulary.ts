/** Words shared by commands, events and API bodies; kept apart so that none of them imports another for a constant. */

export const PAYMENT_CURRENCIES = ['USD', 'EUR', 'AED', 'TRY'] as const;
/** Currencies with an operator rate: the payment currencies and USDT, the payout asset. */
export const RATED_CURRENCIES = [...PAYMENT_CURRENCIES, 'USDT'] as const;
