/** A paid live payment: the answer of a read, and the payment a payment.paid body carries. */
const PAID_PAYMENT = {
  code: 'k3v9x2m4',
  merchant_reference: 'order-10041',
  status: 'paid',
  amount: '149.90',
  currency_code: 'TRY',
  environment: 'live',
  payment_url: 'https://pay.card-platform.example/pay/tok_7Qm2',
  payment_url_kind: 'platform',
  created_at: '2026-11-20T09:14:03.512Z',
  expires_at: '2026-11-20T10:14:03.512Z',
  paid_at: '2026-11-20T09:16:41.007Z',
  card: { bin: '435509', last_four: '4242', network: 'visa' },
  failure: null,
  version: 3,
};

/**
 * Examples shown in the OpenAPI documents, by component name: requests, answers and webhook
 * bodies. A unit spec parses each one with the component's own schema, so an example can never
 * show a request the API refuses or an answer it would not give.
 */
export const SCHEMA_EXAMPLES: Record<string, unknown[]> = {
  CreatePaymentRequest: [
    {
      amount: '149.90',
      currency_code: 'TRY',
      merchant_reference: 'order-10041',
      webhook_url: 'https://shop.example.com/webhooks/payments',
      merchant_name: 'Example Shop',
      return_url: 'https://shop.example.com/checkout/return',
    },
  ],
  CreateOrderRequest: [
    { merchant_order_id: 'order-10042', amount: '250.00', bin: '540061' },
    {
      merchant_order_id: 'order-10043',
      amount: '250.00',
      card: { holder_name: 'Ayse Yilmaz', number: '4355090000044242', expiry_month: '12', expiry_year: '30', cvv: '000' },
    },
  ],
  SandboxOrderResultRequest: [{ result: 'paid' }],
  CreateReversalRequest: [{ payment_code: 'k3v9x2m4', operation_type: 'refund', reason: 'Customer returned the goods' }],
  CreateWithdrawalRequest: [{ amount: '250.00', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', address_acknowledged: true }],
  DisputeEvidenceRequest: [{ note: 'Delivered on 2026-11-20, signed by the customer; tracking number TR123456789.' }],
  SandboxDisputeRequest: [{ payment_code: 'k3v9x2m4', scenario: 'open', reason: 'fraud' }],
  Payment: [PAID_PAYMENT],
  Order: [
    {
      order_code: '100000417',
      merchant_order_id: 'order-10043',
      status: 'requires_action',
      amount: '250.00',
      currency: 'TRY',
      redirect_url: 'https://pay.card-platform.example/v4/3ds/tok_9Kd1',
      hosted_url: null,
      hosted_expires_at: null,
      failure_reason_code: null,
      failure_message: null,
      card: { holder_name: 'Ayse Yilmaz', bin: '435509', last_four: '4242', network: 'visa', program: null, issuer_bank_name: 'Example Bank' },
      created_at: '2026-11-20T09:20:11.204Z',
      completed_at: null,
      version: 1,
    },
  ],
  PaymentEvent: [
    {
      event_id: '6f2b8c1e-3d4a-4b5c-9e8f-0a1b2c3d4e5f',
      event_type: 'payment.paid',
      environment: 'live',
      occurred_at: '2026-11-20T09:16:41.007Z',
      previous_status: 'created',
      payment: PAID_PAYMENT,
    },
  ],
  OrderEvent: [
    {
      schema_version: 3,
      event_id: '1c9d7e5f-2b3a-4c6d-8e7f-9a0b1c2d3e4f',
      event_type: 'checkout.order.failed',
      previous_status: 'requires_action',
      order: { code: '100000417', merchant_order_id: 'order-10043', status: 'failed', amount: '250.00', currency: 'TRY', version: 3 },
      merchant: { code: 'MRC-000123' },
      payment_details: {
        card: {
          holder_name: 'Ayse Yilmaz',
          bin: '435509',
          last_four: '4242',
          network: 'visa',
          program: null,
          issuer_bank_code: null,
          issuer_bank_name: 'Example Bank',
          installment_count: 1,
          three_d: true,
        },
      },
      failure_code: '0055231',
      failure_reason_code: 'payment_declined',
      failure_message: 'The card issuer declined the payment',
    },
  ],
  Problem: [
    {
      type: 'https://docs.card-platform.example/errors/9000005',
      title: 'Amount outside the account limits',
      status: 422,
      detail: 'The amount is outside the payment limits of the account.',
      instance: '/api/v3/payments',
      code: '9000005',
      correlation_id: '4f1c2d7e-8a9b-4c3d-9e1f-2a3b4c5d6e7f',
      metadata: {
        developer_detail: 'amount 0.00 TRY is below min_amount 1.00 TRY',
        retry_class: 'fix_and_retry',
        audit_event: 'payment.amount_outside_limits',
      },
      limits: { currency_code: 'TRY', min_amount: '1.00', max_amount: '50000.00' },
    },
  ],
};
