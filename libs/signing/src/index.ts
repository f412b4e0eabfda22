// Request, webhook and return-address signing live in the merchant SDK, so the platform and
// its merchants sign with the same code; what only the platform needs stays here.
export * from '@card-platform/sdk/signing';
export * from './sealed-secret';
export * from './pooled-random-bytes';
