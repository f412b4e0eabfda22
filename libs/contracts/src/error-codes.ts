/**
 * The one error catalogue: every code the platform answers with, its HTTP status and
 * its human text in English and Turkish. Codes come from the spec where it names them;
 * the 10000xx codes without a spec meaning are the platform's own.
 */
export interface ErrorDefinition {
  status: number;
  en: string;
  tr: string;
  /** What the client should do next; see RETRY_CLASSES. */
  retry: RetryClass;
  /** Stable name of what happened, the same in the problem's metadata, the logs and the metrics. */
  event: string;
}

/**
 * `metadata.retry_class` of every problem. They follow the Direct API's rules 4 and 5 for
 * orders: after a 4xx nothing was taken (a new attempt needs a new merchant_order_id);
 * after a 5xx or a timeout the first request may have started, so it is repeated unchanged.
 */
export const RETRY_CLASSES = {
  do_not_retry:
    'Repeating cannot change the answer: the resource is missing, in a final state or conflicts with an earlier request. Read the resource instead, if there is one.',
  fix_and_retry:
    'Nothing was done. Correct what metadata.developer_detail names (request, headers, credentials, account settings, card or amount), then send a new request; a new Direct API order needs a new merchant_order_id.',
  retry_unchanged:
    'The outcome is unknown or the first request is still running. Repeat the identical request (same merchant_order_id or Idempotency-Key) after a short pause, or read the resource.',
  wait_and_retry: 'Too many requests. Wait the seconds given in Retry-After, then repeat the identical request.',
} as const;
export type RetryClass = keyof typeof RETRY_CLASSES;

export const ERROR_CATALOGUE = {
  // Authentication and access (v3 and v4)
  '0055501': {
    status: 403,
    en: 'Caller address is not on the IP allowlist',
    tr: 'Çağıran adres IP izin listesinde değil',
    retry: 'fix_and_retry',
    event: 'auth.ip_not_allowed',
  },
  '0055502': {
    status: 401,
    en: 'API key, environment or merchant code is not valid for this request',
    tr: 'API anahtarı, ortam veya üye işyeri kodu bu istek için geçerli değil',
    retry: 'fix_and_retry',
    event: 'auth.credentials_invalid',
  },
  '0055504': {
    status: 401,
    en: 'Timestamp or signature header is malformed or out of the allowed window',
    tr: 'Zaman damgası veya imza başlığı hatalı ya da izin verilen aralığın dışında',
    retry: 'fix_and_retry',
    event: 'auth.headers_malformed',
  },
  '0055505': { status: 401, en: 'Signature could not be verified', tr: 'İmza doğrulanamadı', retry: 'fix_and_retry', event: 'auth.signature_invalid' },
  // Validation and limits
  '1000001': { status: 422, en: 'Request does not match the schema', tr: 'İstek şemaya uymuyor', retry: 'fix_and_retry', event: 'request.schema_invalid' },
  '1000005': { status: 429, en: 'Rate limit exceeded', tr: 'İstek sınırı aşıldı', retry: 'wait_and_retry', event: 'rate_limit.exceeded' },
  '1000030': {
    status: 422,
    en: 'Burn address is not allowed as a withdrawal destination',
    tr: 'Yakma adresi çekim hedefi olarak kullanılamaz',
    retry: 'fix_and_retry',
    event: 'withdrawal.burn_address_refused',
  },
  // Account state
  '0055001': {
    status: 409,
    en: 'Account is not ready to take payments',
    tr: 'Hesap ödeme almaya hazır değil',
    retry: 'fix_and_retry',
    event: 'account.not_ready',
  },
  '0055002': {
    status: 403,
    en: 'Card payments are turned off for the account',
    tr: 'Hesap için kartlı ödemeler kapalı',
    retry: 'fix_and_retry',
    event: 'account.card_payments_off',
  },
  // Direct API v4
  '0055210': { status: 422, en: 'BIN must be exactly six digits', tr: 'BIN tam olarak altı haneli olmalıdır', retry: 'fix_and_retry', event: 'bin.malformed' },
  '0055221': {
    status: 409,
    en: 'Daily attempt or amount limit of this card reached',
    tr: 'Bu kartın günlük deneme veya tutar sınırına ulaşıldı',
    retry: 'do_not_retry',
    event: 'card.daily_limit_reached',
  },
  '0055230': {
    status: 409,
    en: 'No payment channel available for this BIN',
    tr: 'Bu BIN için uygun ödeme kanalı yok',
    retry: 'do_not_retry',
    event: 'bin.no_channel',
  },
  '0055231': {
    status: 409,
    en: 'This card cannot be charged at the moment',
    tr: 'Bu karttan şu anda tahsilat yapılamıyor',
    retry: 'do_not_retry',
    event: 'card.issuer_unavailable',
  },
  '0055233': { status: 409, en: 'BIN could not be identified', tr: 'BIN tanımlanamadı', retry: 'do_not_retry', event: 'bin.unknown' },
  '0055234': {
    status: 409,
    en: 'Card number or expiry date invalid',
    tr: 'Kart numarası veya son kullanma tarihi geçersiz',
    retry: 'fix_and_retry',
    event: 'card.details_invalid',
  },
  '0055235': {
    status: 422,
    en: 'Amount invalid or outside limits',
    tr: 'Tutar geçersiz veya sınırların dışında',
    retry: 'fix_and_retry',
    event: 'order.amount_refused',
  },
  '0055402': {
    status: 404,
    en: 'No order for this merchant_order_id',
    tr: 'Bu merchant_order_id için sipariş yok',
    retry: 'do_not_retry',
    event: 'order.not_found',
  },
  '0055404': {
    status: 409,
    en: 'Order is neither pending nor requires_hosted',
    tr: 'Sipariş ne beklemede ne de barındırılan ödeme bekliyor',
    retry: 'do_not_retry',
    event: 'order.state_conflict',
  },
  '0055503': {
    status: 409,
    en: 'Same merchant_order_id with different content, or the first request is still processing',
    tr: 'Aynı merchant_order_id farklı içerikle gönderildi veya ilk istek hâlâ işleniyor',
    retry: 'do_not_retry',
    event: 'order.duplicate_conflict',
  },
  // Payments v3 and account operations
  '9000005': {
    status: 422,
    en: 'Amount outside account limits',
    tr: 'Tutar hesap sınırlarının dışında',
    retry: 'fix_and_retry',
    event: 'payment.amount_outside_limits',
  },
  '9000007': {
    status: 409,
    en: 'merchant_reference already used',
    tr: 'merchant_reference daha önce kullanıldı',
    retry: 'do_not_retry',
    event: 'payment.reference_reused',
  },
  '9000010': {
    status: 409,
    en: 'Idempotency-Key reused with a different sandbox scenario',
    tr: 'Idempotency-Key farklı bir sandbox senaryosuyla yeniden kullanıldı',
    retry: 'do_not_retry',
    event: 'idempotency.scenario_mismatch',
  },
  '9000019': {
    status: 422,
    en: 'Withdrawal amount below the account minimum',
    tr: 'Çekim tutarı hesabın alt sınırının altında',
    retry: 'fix_and_retry',
    event: 'withdrawal.below_minimum',
  },
  '9000020': {
    status: 422,
    en: 'Amount exceeds the available balance of the wallet',
    tr: 'Tutar cüzdanın kullanılabilir bakiyesini aşıyor',
    retry: 'do_not_retry',
    event: 'balance.insufficient',
  },
  '9000022': {
    status: 409,
    en: 'Withdrawals are blocked while a wallet balance is negative',
    tr: 'Bir cüzdan bakiyesi negatifken çekim yapılamaz',
    retry: 'do_not_retry',
    event: 'withdrawal.blocked_negative_balance',
  },
  '9000021': {
    status: 422,
    en: 'Withdrawal amount above the account daily limit',
    tr: 'Çekim tutarı hesabın günlük sınırının üstünde',
    retry: 'fix_and_retry',
    event: 'withdrawal.above_daily_limit',
  },
  '9000040': { status: 409, en: 'The payment is not paid', tr: 'Ödeme tamamlanmamış', retry: 'do_not_retry', event: 'reversal.payment_not_paid' },
  '9000041': {
    status: 409,
    en: 'The payment already has an open or completed reversal',
    tr: 'Ödemenin açık veya tamamlanmış bir iade/iptal talebi zaten var',
    retry: 'do_not_retry',
    event: 'reversal.already_exists',
  },
  '9000038': { status: 422, en: 'return_url is invalid', tr: 'return_url geçersiz', retry: 'fix_and_retry', event: 'payment.return_url_invalid' },
  '9000039': {
    status: 409,
    en: 'Repeat the same request unchanged with the same Idempotency-Key',
    tr: 'Aynı isteği aynı Idempotency-Key ile değiştirmeden tekrarlayın',
    retry: 'retry_unchanged',
    event: 'idempotency.conflict',
  },
  // Platform codes without a spec meaning
  '1000002': { status: 404, en: 'No such route', tr: 'Böyle bir yol yok', retry: 'do_not_retry', event: 'request.route_unknown' },
  '1000003': {
    status: 405,
    en: 'Method not allowed on this route',
    tr: 'Bu yolda yönteme izin verilmiyor',
    retry: 'do_not_retry',
    event: 'request.method_not_allowed',
  },
  '1000004': {
    status: 400,
    en: 'Request body is not valid JSON',
    tr: 'İstek gövdesi geçerli JSON değil',
    retry: 'fix_and_retry',
    event: 'request.json_invalid',
  },
  '1000006': { status: 413, en: 'Request body is too large', tr: 'İstek gövdesi çok büyük', retry: 'fix_and_retry', event: 'request.body_too_large' },
  '1000007': {
    status: 415,
    en: 'Unsupported content type',
    tr: 'Desteklenmeyen içerik türü',
    retry: 'fix_and_retry',
    event: 'request.content_type_unsupported',
  },
  '1000008': { status: 500, en: 'Internal error', tr: 'İç hata', retry: 'retry_unchanged', event: 'platform.internal_error' },
  '1000009': {
    status: 503,
    en: 'Service temporarily unavailable, retry shortly',
    tr: 'Hizmet geçici olarak kullanılamıyor, kısa süre sonra tekrar deneyin',
    retry: 'retry_unchanged',
    event: 'platform.unavailable',
  },
  '1000010': {
    status: 401,
    en: 'Operator token missing or invalid',
    tr: 'Operatör belirteci eksik veya geçersiz',
    retry: 'fix_and_retry',
    event: 'operator.token_invalid',
  },
  '1000014': {
    status: 403,
    en: 'The operator’s role does not allow this action',
    tr: 'Operatörün rolü bu işleme izin vermiyor',
    retry: 'do_not_retry',
    event: 'operator.role_forbidden',
  },
  '1000015': {
    status: 409,
    en: 'A second operator must approve this first, and may not be the one who finishes it',
    tr: 'Önce ikinci bir operatör onaylamalı ve işlemi tamamlayan kişi o olmamalı',
    retry: 'do_not_retry',
    event: 'operator.second_operator_required',
  },
  '1000011': { status: 404, en: 'Resource not found', tr: 'Kaynak bulunamadı', retry: 'do_not_retry', event: 'resource.not_found' },
  '1000013': {
    status: 503,
    en: 'The service is in maintenance; new operations are paused',
    tr: 'Hizmet bakımda; yeni işlemler geçici olarak durduruldu',
    retry: 'retry_unchanged',
    event: 'platform.maintenance',
  },
  '1000012': {
    status: 409,
    en: 'The operation conflicts with the current state of the resource',
    tr: 'İşlem kaynağın mevcut durumuyla çelişiyor',
    retry: 'do_not_retry',
    event: 'resource.state_conflict',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * Events more precise than their code's default, where one code covers several causes;
 * each names the code it is answered with.
 */
export const REFINED_AUDIT_EVENTS = {
  'auth.api_key_unknown': '0055502',
  'auth.environment_mismatch': '0055502',
  'auth.merchant_code_missing': '0055502',
  'auth.merchant_code_mismatch': '0055502',
  'auth.account_inactive': '0055502',
  'auth.direct_api_closed': '0055502',
  'auth.ip_allowlist_empty': '0055501',
  'auth.timestamp_out_of_window': '0055504',
  'ledger.payment_not_booked_yet': '1000012',
  'account.live_processing_unconfigured': '0055001',
} as const satisfies Record<string, ErrorCode>;
export type RefinedAuditEvent = keyof typeof REFINED_AUDIT_EVENTS;

/** Every value `metadata.audit_event` can take. */
export const AUDIT_EVENTS: readonly string[] = [
  ...new Set([...Object.values(ERROR_CATALOGUE).map((entry) => entry.event), ...Object.keys(REFINED_AUDIT_EVENTS)]),
];

/** Every code by name, so that code reads `Errors.IdempotencyConflict` instead of '9000039'. */
export const Errors = {
  AuthIpNotAllowed: '0055501',
  AuthCredentialsInvalid: '0055502',
  AuthHeadersMalformed: '0055504',
  AuthSignatureInvalid: '0055505',
  RequestSchemaInvalid: '1000001',
  RateLimitExceeded: '1000005',
  WithdrawalBurnAddressRefused: '1000030',
  AccountNotReady: '0055001',
  AccountCardPaymentsOff: '0055002',
  BinMalformed: '0055210',
  CardDailyLimitReached: '0055221',
  BinNoChannel: '0055230',
  CardIssuerUnavailable: '0055231',
  BinUnknown: '0055233',
  CardDetailsInvalid: '0055234',
  OrderAmountRefused: '0055235',
  OrderNotFound: '0055402',
  OrderStateConflict: '0055404',
  OrderDuplicateConflict: '0055503',
  PaymentAmountOutsideLimits: '9000005',
  PaymentReferenceReused: '9000007',
  IdempotencyScenarioMismatch: '9000010',
  WithdrawalBelowMinimum: '9000019',
  BalanceInsufficient: '9000020',
  WithdrawalBlockedNegativeBalance: '9000022',
  WithdrawalAboveDailyLimit: '9000021',
  ReversalPaymentNotPaid: '9000040',
  ReversalAlreadyExists: '9000041',
  PaymentReturnUrlInvalid: '9000038',
  IdempotencyConflict: '9000039',
  RequestRouteUnknown: '1000002',
  RequestMethodNotAllowed: '1000003',
  RequestJsonInvalid: '1000004',
  RequestBodyTooLarge: '1000006',
  RequestContentTypeUnsupported: '1000007',
  PlatformInternalError: '1000008',
  PlatformUnavailable: '1000009',
  OperatorTokenInvalid: '1000010',
  OperatorRoleForbidden: '1000014',
  SecondOperatorRequired: '1000015',
  ResourceNotFound: '1000011',
  PlatformMaintenance: '1000013',
  ResourceStateConflict: '1000012',
} as const satisfies Record<string, ErrorCode>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

/** `metadata` of every problem document: debugging information for the merchant's developer. */
export interface ProblemMetadata {
  developer_detail: string;
  retry_class: RetryClass;
  audit_event: string;
}

/** Extra members a problem document may carry next to the standard ones. */
export interface ProblemExtras {
  /** Where one code covers several causes, the thrower names the precise event or retry class. */
  metadata?: { retry_class?: RetryClass; audit_event?: RefinedAuditEvent };
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
