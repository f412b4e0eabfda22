/**
 * iyzico's bank error codes (its documented sandbox test cards answer with them) onto the
 * spec's `failure_reason_code` list; anything unknown is a plain decline, as the spec says.
 */
const DECLINES: Record<string, string> = {
  '10051': 'insufficient_funds',
  '10005': 'do_not_honor',
  '10012': 'payment_declined',
  '10041': 'security_declined',
  '10043': 'security_declined',
  '10034': 'security_declined',
  '10093': 'card_not_active',
  '10054': 'card_expiry_invalid',
  '10084': 'card_security_code_invalid',
  '10057': 'payment_not_permitted',
  '10058': 'payment_not_permitted',
  '10201': 'payment_declined',
  '10202': 'payment_declined',
  '10204': 'payment_declined',
  '10206': 'card_security_code_invalid',
  '10207': 'payment_declined',
  '10209': 'card_not_active',
  '10210': 'three_ds_failed',
  '10211': 'three_ds_failed',
  '10213': 'card_details_invalid',
  '10214': 'bank_unavailable',
  '10215': 'card_details_invalid',
  '10216': 'bank_unavailable',
  '10217': 'card_brand_not_supported',
  '10219': 'payment_timed_out',
  '10222': 'payment_not_permitted',
  '10223': 'bank_requested_retry',
  '10225': 'card_not_active',
  '10226': 'card_limit_reached',
  '10227': 'payment_declined',
  '10228': 'provider_unavailable',
  '10229': 'card_expiry_invalid',
  '10232': 'amount_not_allowed',
};

export function declineReason(errorCode: unknown): string {
  return (typeof errorCode === 'string' || typeof errorCode === 'number' ? DECLINES[String(errorCode)] : undefined) ?? 'payment_declined';
}

/** iyzico's 3-D Secure `mdStatus`: only 1 is a completed authentication. */
export function threeDsAuthenticated(mdStatus: string | undefined): boolean {
  return mdStatus === '1';
}
