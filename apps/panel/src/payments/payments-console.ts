import { Injectable } from '@nestjs/common';
import {
  CreatePayment,
  GetOrder,
  GetPayment,
  ListOrders,
  ListPayments,
  ListWebhookDeliveries,
  orderBody,
  paymentBody,
  type Caller,
  type CreatePaymentBody,
  type OrderBody,
  type PaymentBody,
  type RequestOf,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import type { SignedIn } from '../auth/auth.service';
import type { ListMeta } from './payments.pages';
import { createPaymentDigest, createPaymentFingerprint } from './sandbox-request';

/**
 * Payments, orders and webhook deliveries, asked of their owning services over Kafka for the
 * signed-in user's merchant and selected environment, and shown as the API shows them
 * (`paymentBody`, `orderBody`).
 */
@Injectable()
export class PaymentsConsole {
  constructor(private readonly rpc: RpcClient) {}

  async payments(current: SignedIn, filters: RequestOf<typeof ListPayments>, correlationId: string): Promise<{ data: PaymentBody[]; meta: ListMeta }> {
    const page = await this.rpc.request(ListPayments, filters, this.meta(current, correlationId));
    return { data: page.data.map((payment) => paymentBody(payment)), meta: page.meta };
  }

  async payment(current: SignedIn, code: string, correlationId: string): Promise<PaymentBody> {
    return paymentBody(await this.rpc.request(GetPayment, { code }, this.meta(current, correlationId)));
  }

  async orders(current: SignedIn, filters: RequestOf<typeof ListOrders>, correlationId: string): Promise<{ data: OrderBody[]; meta: ListMeta }> {
    const page = await this.rpc.request(ListOrders, filters, this.meta(current, correlationId));
    return { data: page.data.map((order) => orderBody(order)), meta: page.meta };
  }

  async order(current: SignedIn, merchantOrderId: string, correlationId: string): Promise<OrderBody> {
    return orderBody(await this.rpc.request(GetOrder, { merchant_order_id: merchantOrderId }, this.meta(current, correlationId)));
  }

  /**
   * A payment as POST /api/v3/payments creates it: the same command, with the fingerprint and
   * digest the gateway would compute for this JSON body, under the form's Idempotency-Key, so
   * a double submit is a repeat that answers the first payment.
   */
  async createPayment(current: SignedIn, body: CreatePaymentBody, idempotencyKey: string, correlationId: string) {
    const raw = JSON.stringify(body);
    return this.rpc.request(
      CreatePayment,
      { body, fingerprint: createPaymentFingerprint(raw), scenario: null, request_digest: createPaymentDigest(raw) },
      { ...this.meta(current, correlationId), idempotencyKey },
    );
  }

  /** The deliveries of one payment among the newest hundred of the environment (the list has no payment filter). */
  async deliveriesOf(current: SignedIn, paymentCode: string, correlationId: string) {
    const page = await this.rpc.request(
      ListWebhookDeliveries,
      { page: 1, per_page: 100, status: null, accept_language: current.user.language },
      this.meta(current, correlationId),
    );
    return page.data.filter((delivery) => delivery.payment_code === paymentCode);
  }

  private meta(current: SignedIn, correlationId: string): { caller: Caller; correlationId: string } {
    return { caller: { merchantCode: current.user.merchant_code, environment: current.session.environment }, correlationId };
  }
}
