import { negotiateLanguage } from '@platform/service-kit';

/** The spec's `last_error_code` values. */
export type DeliveryErrorCode =
  | 'invalid_webhook_target'
  | 'webhook_target_private_network'
  | 'webhook_environment_invalid'
  | 'webhook_signing_unavailable'
  | 'webhook_response_unsuccessful'
  | 'webhook_egress_proxy_unreachable'
  | 'webhook_unreachable'
  | 'webhook_delivery_failed';

const MESSAGES: Record<DeliveryErrorCode, { en: string; tr: string }> = {
  invalid_webhook_target: { en: 'The webhook address is not a valid HTTPS address.', tr: 'Webhook adresi geçerli bir HTTPS adresi değil.' },
  webhook_target_private_network: { en: 'The webhook address resolves to a private network.', tr: 'Webhook adresi özel bir ağa çözümleniyor.' },
  webhook_environment_invalid: { en: 'The webhook environment is invalid.', tr: 'Webhook ortamı geçersiz.' },
  webhook_signing_unavailable: { en: 'The notification could not be signed.', tr: 'Bildirim imzalanamadı.' },
  webhook_response_unsuccessful: { en: 'The webhook address did not answer with a 2xx status.', tr: 'Webhook adresi 2xx durum koduyla yanıt vermedi.' },
  webhook_egress_proxy_unreachable: { en: 'The outgoing delivery proxy is unreachable.', tr: 'Giden teslimat proxy sunucusuna ulaşılamıyor.' },
  webhook_unreachable: { en: 'The webhook address cannot be reached.', tr: 'Webhook adresine ulaşılamıyor.' },
  webhook_delivery_failed: { en: 'The delivery failed.', tr: 'Teslimat başarısız oldu.' },
};

/** The readable message of a code, in Turkish when the caller prefers it, in English otherwise. */
export function deliveryErrorMessage(code: string | null, acceptLanguage: string | undefined): string | null {
  if (code === null) return null;
  const message = MESSAGES[code as DeliveryErrorCode] ?? MESSAGES.webhook_delivery_failed;
  return prefersTurkish(acceptLanguage) ? message.tr : message.en;
}

/** Picks between tr and en as error documents do: by the quality values of Accept-Language, q=0 refusing a language. */
export function prefersTurkish(acceptLanguage: string | undefined): boolean {
  return negotiateLanguage(acceptLanguage) === 'tr';
}
