import { ApiError, Errors } from '@platform/contracts';
import { openSecret } from '@platform/signing';
import type { CardForAuthorisation } from './card-processor';

/**
 * Opens a card sealed at the edge (AES-256-GCM under the card data key, bound to its
 * context). A card that cannot be opened is an internal error: only our own edge seals.
 */
export function openSealedCard(sealed: string, key: Buffer, context: string): CardForAuthorisation {
  let card: Record<string, unknown>;
  try {
    card = JSON.parse(openSecret(sealed, key, context)) as Record<string, unknown>;
  } catch {
    throw new ApiError(Errors.PlatformInternalError, 'card data could not be opened');
  }
  const text = (name: string) => (typeof card[name] === 'string' ? (card[name] as string) : '');
  return { number: text('number'), expiryMonth: text('expiry_month'), expiryYear: text('expiry_year'), cvv: text('cvv'), holderName: text('holder_name') };
}
