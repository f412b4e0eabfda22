import { createHmac } from 'node:crypto';
import type { CardForAuthorisation } from '@platform/card-processing';

/**
 * Keyed fingerprints: equal inputs give equal values, and nobody without the key can
 * test a guessed card number against a stored one.
 */
export class OrderFingerprints {
  constructor(private readonly key: Buffer) {}

  private hmac(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\u001f')).digest('hex');
  }

  card(card: CardForAuthorisation): string {
    return this.hmac('card', card.number);
  }

  /** Same merchant_order_id with the same content gives the same value (card details included). */
  request(input: { merchantOrderId: string; amount: string; bin?: string; card?: CardForAuthorisation }): string {
    const card = input.card
      ? this.hmac('card-details', input.card.number, input.card.expiryMonth, input.card.expiryYear, input.card.cvv, input.card.holderName)
      : '';
    return this.hmac('order', input.merchantOrderId, input.amount, input.bin ?? '', card);
  }
}
