/** Customer-facing texts of the decline reasons, always in Turkish as the spec says; logic branches on the code. */
export const DECLINE_MESSAGES_TR: Record<string, string> = {
  payment_declined: 'Ödeme bankanız tarafından onaylanmadı.',
  do_not_honor: 'Bankanız işlemi onaylamadı.',
  insufficient_funds: 'Kartınızın bakiyesi veya limiti yetersiz.',
  card_limit_reached: 'Kartınızın işlem limitine ulaşıldı.',
  card_details_invalid: 'Kart numarası kabul edilmedi.',
  card_expiry_invalid: 'Son kullanma tarihi geçersiz.',
  card_security_code_invalid: 'Güvenlik kodu hatalı.',
  card_not_active: 'Kartınız ödemelere açık değil.',
  card_brand_not_supported: 'Kart markası bu ödeme için desteklenmiyor.',
  three_ds_failed: '3-D Secure doğrulaması tamamlanamadı.',
  security_declined: 'Ödeme bankanız tarafından onaylanmadı.',
  payment_not_permitted: 'Bu kart bu ödeme için kullanılamaz.',
  amount_not_allowed: 'Tutar kartın kabul ettiği aralığın dışında.',
  currency_not_supported: 'Para birimi desteklenmiyor.',
  payment_details_rejected: 'Ödeme bilgileri reddedildi.',
  duplicate_payment: 'Aynı ödeme daha önce alınmış görünüyor.',
  cancelled_by_customer: 'Ödeme tamamlanmadan iptal edildi.',
  payment_timed_out: 'Ödeme süresi doldu.',
  bank_unavailable: 'Bankaya şu anda ulaşılamıyor; lütfen kısa süre sonra tekrar deneyin.',
  bank_requested_retry: 'Bankanız ödemenin tekrarlanmasını istedi.',
  provider_unavailable: 'Ödeme şu anda tamamlanamadı; lütfen kısa süre sonra tekrar deneyin.',
};

export function declineMessage(code: string | null): string | null {
  if (code === null) return null;
  return DECLINE_MESSAGES_TR[code] ?? DECLINE_MESSAGES_TR.payment_declined!;
}
