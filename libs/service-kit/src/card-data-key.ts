import { z } from 'zod';
import { Secret, secret } from './config';
import { keyOrDevelopmentKey, requireKeyInProduction } from './symmetric-key';

const DEV_CARD_DATA_KEY = Buffer.alloc(32, 'dev-card-data-key-not-for-production');

/** The key that seals card data between the edge and the service that processes it. */
export const CardDataKeyFields = {
  /** 32 bytes, base64. Required in production; a fixed development key otherwise. */
  CARD_DATA_KEY: secret().optional(),
};

export function requireCardDataKeyInProduction(config: { NODE_ENV: string; CARD_DATA_KEY?: Secret }, ctx: z.RefinementCtx): void {
  requireKeyInProduction('CARD_DATA_KEY', config, ctx);
}

export function cardDataKey(config: { CARD_DATA_KEY?: Secret }): Buffer {
  return keyOrDevelopmentKey(config.CARD_DATA_KEY, DEV_CARD_DATA_KEY);
}

const DEV_CARD_FINGERPRINT_KEY = Buffer.alloc(32, 'dev-card-fingerprint-key-not-for-production');

/**
 * The key of card fingerprints (velocity counts, duplicate-order detection), held by the
 * service that processes cards alone: whoever holds the sealing key and the database cannot
 * test card numbers against the fingerprints.
 */
export const CardFingerprintKeyFields = {
  /** 32 bytes, base64. Required in production; a fixed development key otherwise. */
  CARD_FINGERPRINT_KEY: secret().optional(),
};

export function requireCardFingerprintKeyInProduction(config: { NODE_ENV: string; CARD_FINGERPRINT_KEY?: Secret }, ctx: z.RefinementCtx): void {
  requireKeyInProduction('CARD_FINGERPRINT_KEY', config, ctx);
}

export function cardFingerprintKey(config: { CARD_FINGERPRINT_KEY?: Secret }): Buffer {
  return keyOrDevelopmentKey(config.CARD_FINGERPRINT_KEY, DEV_CARD_FINGERPRINT_KEY);
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
