import { deliveryErrorMessage, prefersTurkish } from './delivery-errors';

describe('delivery error messages', () => {
  it.each([
    ['tr', true],
    ['tr-TR,tr;q=0.9,en;q=0.8', true],
    ['en-US,en;q=0.9,tr;q=0.8', false],
    ['de-DE,tr;q=0.5', true],
    ['', false],
    [undefined, false],
    ['fr', false],
    // q=0 means "not acceptable" (RFC 9110, 12.4.2).
    ['tr;q=0', false],
    ['tr;q=0, en;q=0', false],
    ['en;q=0, tr;q=0.1', true],
  ])('Accept-Language %j prefers Turkish: %s', (header, turkish) => {
    expect(prefersTurkish(header as string | undefined)).toBe(turkish);
  });

  it('answers each code in the chosen language, and null without an error', () => {
    expect(deliveryErrorMessage('webhook_unreachable', 'tr')).toBe('Webhook adresine ulaşılamıyor.');
    expect(deliveryErrorMessage('webhook_unreachable', 'en')).toBe('The webhook address cannot be reached.');
    expect(deliveryErrorMessage(null, 'tr')).toBeNull();
  });
});
