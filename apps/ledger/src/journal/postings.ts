import { Decimal } from '@platform/money';

/** Where money sits: a merchant's wallet part, or one of the platform's own accounts. */
export interface AccountKey {
  owner: string;
  environment: 'sandbox' | 'live';
  wallet: string;
  part: string;
  currency: string;
}

export interface Posting {
  account: AccountKey;
  /** Positive: the account holds more (a merchant is owed more); negative: less. */
  amount: Decimal;
}

export const PLATFORM = 'platform';

/** The platform side of every movement; merchants' accounts are owed, these hold the other half. */
export type PlatformPurpose = 'card_clearing' | 'refunds_paid' | 'payouts_sent' | 'disputes' | 'adjustments';

export function platformAccount(environment: AccountKey['environment'], purpose: PlatformPurpose, currency: string): AccountKey {
  return { owner: PLATFORM, environment, wallet: purpose, part: 'platform', currency };
}

export function merchantAccount(
  merchantCode: string,
  environment: AccountKey['environment'],
  wallet: string,
  part: 'available' | 'pending_settlement' | 'reserved',
  currency: string,
): AccountKey {
  return { owner: merchantCode, environment, wallet, part, currency };
}

export function accountName(key: AccountKey): string {
  return `${key.owner}/${key.environment}/${key.wallet}/${key.part}/${key.currency}`;
}

/** Money moves from one account to another: the pair of postings that balances. */
export function transfer(from: AccountKey, to: AccountKey, amount: Decimal): Posting[] {
  return [
    { account: from, amount: amount.negated() },
    { account: to, amount },
  ];
}

/**
 * Refuses postings that could not be a valid journal transaction: none at all, a zero or
 * sub-cent amount, or a sum other than zero in any currency.
 */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new Error('a transaction needs at least two postings');
  const sums = new Map<string, Decimal>();
  for (const posting of postings) {
    if (posting.amount.isZero()) throw new Error(`zero posting to ${accountName(posting.account)}`);
    if (posting.amount.decimalPlaces() > 2) throw new Error(`posting to ${accountName(posting.account)} has more than two decimals`);
    sums.set(posting.account.currency, (sums.get(posting.account.currency) ?? new Decimal(0)).plus(posting.amount));
  }
  for (const [currency, sum] of sums) if (!sum.isZero()) throw new Error(`postings do not balance in ${currency}: ${sum.toFixed(2)}`);
}
