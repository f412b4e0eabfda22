/**
 * Examples shown in the OpenAPI documents, by component name. A unit spec parses each one
 * with the schema the gateway validates with, so an example can never show a request the
 * API refuses.
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
