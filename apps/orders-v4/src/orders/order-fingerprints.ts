import { createHmac } from 'node:crypto';
import type { CardForAuthorisation } from '@platform/card-processing';

/**
 * Keyed fingerprints: equal inputs give equal values, and nobody without the key can
 * test a guessed card number against a stored one.
 */
const REQUEST_FINGERPRINT_VERSION = 'v2:';
const LEGACY_PREFIX = 'legacy:';

export class OrderFingerprints {
  constructor(private readonly key: Buffer) {}

  private hmac(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\u001f')).digest('hex');
  }

  card(card: CardForAuthorisation): string {
    return this.hmac('card', card.number);
  }

  /**
   * Same merchant_order_id with the same content gives the same value. The CVV is left out:
   * nothing derived from it may be kept (PCI DSS 3.3.1.2), so a repeat that differs only in
   * the CVV counts as the same request.
   */
  request(input: { merchantOrderId: string; amount: string; bin?: string; card?: CardForAuthorisation }): string {
    const card = input.card ? this.hmac('card-details', input.card.number, input.card.expiryMonth, input.card.expiryYear, input.card.holderName) : '';
    return `${REQUEST_FINGERPRINT_VERSION}${this.hmac('order', input.merchantOrderId, input.amount, input.bin ?? '', card)}`;
  }

  /** Rows written before the CVV left the fingerprint were purged to `legacy:<amount>` (migration 600). */
  sameRequest(stored: string, fingerprint: string, amount: string): boolean {
    return stored.startsWith(LEGACY_PREFIX) ? stored === `${LEGACY_PREFIX}${amount}` : stored === fingerprint;
  }
}
