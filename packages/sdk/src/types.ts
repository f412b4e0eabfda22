import type { components } from './generated/openapi.js';

type Schemas = components['schemas'];

export type Environment = 'sandbox' | 'live';
export type Payment = Schemas['Payment'];
export type CreatePaymentRequest = Schemas['CreatePaymentRequest'];
export type Order = Schemas['Order'];
export type CreateOrderRequest = Schemas['CreateOrderRequest'];
export type SandboxOrderResultRequest = Schemas['SandboxOrderResultRequest'];
export type BinInformation = Schemas['BinInformation'];
export type Balance = Schemas['Balance'];
export type WithdrawableBalance = Schemas['WithdrawableBalance'];
export type Reversal = Schemas['Reversal'];
export type CreateReversalRequest = Schemas['CreateReversalRequest'];
export type Withdrawal = Schemas['Withdrawal'];
export type CreateWithdrawalRequest = Schemas['CreateWithdrawalRequest'];
export type Dispute = Schemas['Dispute'];
export type DisputeEvidenceRequest = Schemas['DisputeEvidenceRequest'];
export type SandboxDisputeRequest = Schemas['SandboxDisputeRequest'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryDetail = Schemas['WebhookDeliveryDetail'];
export type PaginationMeta = Schemas['PaginationMeta'];
export type IdempotencyKeyUse = Schemas['IdempotencyKeyUse'];
export type ServiceStatusItem = Schemas['ServiceStatusItem'];
export type PaymentEvent = Schemas['PaymentEvent'];
export type PaymentRefundedEvent = Schemas['PaymentRefundedEvent'];
export type OrderEvent = Schemas['OrderEvent'];
/** Every webhook body: v3 payment events and v4 order events. */
export type WebhookEvent = PaymentEvent | PaymentRefundedEvent | OrderEvent;
export type Problem = Schemas['Problem'];
/** Every error code of the catalogue. */
export type ErrorCode = Problem['code'];
export type RetryClass = Problem['metadata']['retry_class'];

/** A list answer: one page and where it stands. */
export interface Page<T> {
  data: T[];
  meta: PaginationMeta;
}
