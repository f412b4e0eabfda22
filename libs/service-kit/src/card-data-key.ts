import { z } from 'zod';
import { Secret, secret } from './config';

const DEV_CARD_DATA_KEY = Buffer.alloc(32, 'dev-card-data-key-not-for-production');

/** The key that seals card data between the edge and the service that processes it. */
export const CardDataKeyFields = {
  /** 32 bytes, base64. Required in production; a fixed development key otherwise. */
  CARD_DATA_KEY: secret().optional(),
};

export function requireCardDataKeyInProduction(config: { NODE_ENV: string; CARD_DATA_KEY?: Secret }, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV === 'production' && !config.CARD_DATA_KEY) {
    ctx.addIssue({ code: 'custom', path: ['CARD_DATA_KEY'], message: 'required in production' });
  }
  if (config.CARD_DATA_KEY && Buffer.from(config.CARD_DATA_KEY.reveal(), 'base64').length !== 32) {
    ctx.addIssue({ code: 'custom', path: ['CARD_DATA_KEY'], message: 'must be 32 bytes encoded in base64' });
  }
}

export function cardDataKey(config: { CARD_DATA_KEY?: Secret }): Buffer {
  return config.CARD_DATA_KEY ? Buffer.from(config.CARD_DATA_KEY.reveal(), 'base64') : DEV_CARD_DATA_KEY;
}

/** The sealing context binds a sealed card to one order of one merchant environment. */
export function cardSealContext(merchantCode: string, environment: string, merchantOrderId: string): string {
  return `card:${merchantCode}:${environment}:${merchantOrderId}`;
}

/** A card typed on the hosted page is bound to that page's order token. */
export function hostedCardSealContext(token: string): string {
  return `hosted-card:${token}`;
}

/** A card typed on a v3 payment page is bound to that page's token. */
export function paymentPageCardSealContext(token: string): string {
  return `payment-page-card:${token}`;
}
