/**
 * The one error catalogue: every code the platform answers with, its HTTP status and
 * its human text in English and Turkish. Codes come from the spec where it names them;
 * the 10000xx codes without a spec meaning are the platform's own.
 */
export interface ErrorDefinition {
  status: number;
  en: string;
  tr: string;
}

export const ERROR_CATALOGUE = {
  // Authentication and access (v3 and v4)
  '0055501': { status: 403, en: 'Caller address is not on the IP allowlist', tr: 'Çağıran adres IP izin listesinde değil' },
  '0055502': { status: 401, en: 'API key, environment or merchant code is not valid for this request', tr: 'API anahtarı, ortam veya üye işyeri kodu bu istek için geçerli değil' },
  '0055504': { status: 401, en: 'Timestamp or signature header is malformed or out of the allowed window', tr: 'Zaman damgası veya imza başlığı hatalı ya da izin verilen aralığın dışında' },
  '0055505': { status: 401, en: 'Signature could not be verified', tr: 'İmza doğrulanamadı' },
  // Validation and limits
  '1000001': { status: 422, en: 'Request does not match the schema', tr: 'İstek şemaya uymuyor' },
  '1000005': { status: 429, en: 'Rate limit exceeded', tr: 'İstek sınırı aşıldı' },
  '1000030': { status: 422, en: 'Burn address is not allowed as a withdrawal destination', tr: 'Yakma adresi çekim hedefi olarak kullanılamaz' },
  // Account state
  '0055001': { status: 409, en: 'Account is not ready to take payments', tr: 'Hesap ödeme almaya hazır değil' },
  '0055002': { status: 403, en: 'Card payments are turned off for the account', tr: 'Hesap için kartlı ödemeler kapalı' },
  // Direct API v4
  '0055210': { status: 422, en: 'BIN must be exactly six digits', tr: 'BIN tam olarak altı haneli olmalıdır' },
  '0055221': { status: 409, en: 'Daily attempt or amount limit of this card reached', tr: 'Bu kartın günlük deneme veya tutar sınırına ulaşıldı' },
  '0055230': { status: 409, en: 'No payment channel available for this BIN', tr: 'Bu BIN için uygun ödeme kanalı yok' },
  '0055231': { status: 409, en: 'This card cannot be charged at the moment', tr: 'Bu karttan şu anda tahsilat yapılamıyor' },
  '0055233': { status: 409, en: 'BIN could not be identified', tr: 'BIN tanımlanamadı' },
  '0055234': { status: 409, en: 'Card number or expiry date invalid', tr: 'Kart numarası veya son kullanma tarihi geçersiz' },
  '0055235': { status: 422, en: 'Amount invalid or outside limits', tr: 'Tutar geçersiz veya sınırların dışında' },
  '0055402': { status: 404, en: 'No order for this merchant_order_id', tr: 'Bu merchant_order_id için sipariş yok' },
  '0055404': { status: 409, en: 'Order is neither pending nor requires_hosted', tr: 'Sipariş ne beklemede ne de barındırılan ödeme bekliyor' },
  '0055503': { status: 409, en: 'Same merchant_order_id with different content, or the first request is still processing', tr: 'Aynı merchant_order_id farklı içerikle gönderildi veya ilk istek hâlâ işleniyor' },
  // Payments v3 and account operations
  '9000005': { status: 422, en: 'Amount outside account limits', tr: 'Tutar hesap sınırlarının dışında' },
  '9000007': { status: 409, en: 'merchant_reference already used', tr: 'merchant_reference daha önce kullanıldı' },
  '9000010': { status: 409, en: 'Idempotency-Key reused with a different sandbox scenario', tr: 'Idempotency-Key farklı bir sandbox senaryosuyla yeniden kullanıldı' },
  '9000019': { status: 422, en: 'Withdrawal amount below the account minimum', tr: 'Çekim tutarı hesabın alt sınırının altında' },
  '9000020': { status: 422, en: 'Amount exceeds the available balance of the wallet', tr: 'Tutar cüzdanın kullanılabilir bakiyesini aşıyor' },
  '9000022': { status: 409, en: 'Withdrawals are blocked while a wallet balance is negative', tr: 'Bir cüzdan bakiyesi negatifken çekim yapılamaz' },
  '9000021': { status: 422, en: 'Withdrawal amount above the account daily limit', tr: 'Çekim tutarı hesabın günlük sınırının üstünde' },
  '9000040': { status: 409, en: 'The payment is not paid', tr: 'Ödeme tamamlanmamış' },
  '9000041': { status: 409, en: 'The payment already has an open or completed reversal', tr: 'Ödemenin açık veya tamamlanmış bir iade/iptal talebi zaten var' },
  '9000038': { status: 422, en: 'return_url is invalid', tr: 'return_url geçersiz' },
  '9000039': { status: 409, en: 'Repeat the same request unchanged with the same Idempotency-Key', tr: 'Aynı isteği aynı Idempotency-Key ile değiştirmeden tekrarlayın' },
  // Platform codes without a spec meaning
  '1000002': { status: 404, en: 'No such route', tr: 'Böyle bir yol yok' },
  '1000003': { status: 405, en: 'Method not allowed on this route', tr: 'Bu yolda yönteme izin verilmiyor' },
  '1000004': { status: 400, en: 'Request body is not valid JSON', tr: 'İstek gövdesi geçerli JSON değil' },
  '1000006': { status: 413, en: 'Request body is too large', tr: 'İstek gövdesi çok büyük' },
  '1000007': { status: 415, en: 'Unsupported content type', tr: 'Desteklenmeyen içerik türü' },
  '1000008': { status: 500, en: 'Internal error', tr: 'İç hata' },
  '1000009': { status: 503, en: 'Service temporarily unavailable, retry shortly', tr: 'Hizmet geçici olarak kullanılamıyor, kısa süre sonra tekrar deneyin' },
  '1000010': { status: 401, en: 'Operator token missing or invalid', tr: 'Operatör belirteci eksik veya geçersiz' },
  '1000011': { status: 404, en: 'Resource not found', tr: 'Kaynak bulunamadı' },
  '1000013': { status: 503, en: 'The service is in maintenance; new operations are paused', tr: 'Hizmet bakımda; yeni işlemler geçici olarak durduruldu' },
  '1000012': { status: 409, en: 'The operation conflicts with the current state of the resource', tr: 'İşlem kaynağın mevcut durumuyla çelişiyor' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

/** Extra members a problem document may carry next to the standard ones. */
export interface ProblemExtras {
  errors?: Record<string, string[]>;
  amount_limit?: { min: string; max: string } | null;
  limits?: { currency_code: string; min_amount: string; max_amount: string | null };
}

/**
 * The error domain code throws. It crosses Kafka as `{code, detail, status, extras}`
 * and the gateway renders it as problem+json.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly extras: ProblemExtras = {},
    status?: number,
  ) {
    super(detail ?? ERROR_CATALOGUE[code].en);
    this.name = 'ApiError';
    this.status = status ?? ERROR_CATALOGUE[code].status;
  }

  toWire(): WireError {
    return { code: this.code, status: this.status, detail: this.detail, extras: this.extras };
  }

  static fromWire(wire: WireError): ApiError {
    return new ApiError(wire.code, wire.detail, wire.extras, wire.status);
  }
}

export interface WireError {
  code: ErrorCode;
  status: number;
  detail?: string;
  extras: ProblemExtras;
}
