import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  ApiError,
  DisputeListQuerySchema,
  DeliveryListQuerySchema,
  Errors,
  EvidenceBodySchema,
  GetDispute,
  GetReversal,
  GetWithdrawal,
  REFUND_SCENARIOS,
  WITHDRAWAL_SCENARIOS,
  GetWebhookDelivery,
  ListDisputes,
  ListReversals,
  ListWebhookDeliveries,
  ListWithdrawals,
  RequestReversal,
  RequestReversalBodySchema,
  RequestWithdrawal,
  RequestWithdrawalBodySchema,
  ResourceIdSchema,
  RetryWebhookDelivery,
  ReversalListQuerySchema,
  SubmitEvidence,
  UNSAFE_TEXT_MESSAGE,
  WithdrawalListQuerySchema,
  unsafeTextFields,
  type Caller,
  type RequestDigest,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject, requestDigestOf, requestFingerprintOf, sandboxScenarioOf } from '@platform/service-kit';
import type { SignedIn } from '../auth/auth.service';

/** The API path each operation is fingerprinted as: the panel's request is the API's request. */
export const API_PATHS = {
  refunds: '/api/v3/refunds',
  withdrawals: '/api/v3/withdrawals',
  evidence: (id: string) => `/api/v3/disputes/${id}/evidence`,
  retry: (id: string) => `/api/v3/webhooks/deliveries/${id}/retry`,
} as const;

/** A POST as a client of the API would send it: the JSON body's exact bytes, its fingerprint and digest. */
export interface ApiPost {
  raw: string;
  fingerprint: string;
  request_digest: RequestDigest;
}

/** The body serialised as JSON (what a client sends), fingerprinted and digested exactly as the gateway does for `path`. */
export function apiPost(path: string, body?: Record<string, unknown>, scenario: string | null = null): ApiPost {
  const raw = body === undefined ? '' : JSON.stringify(body);
  return { raw, fingerprint: requestFingerprintOf('POST', path, raw, scenario), request_digest: requestDigestOf('POST', path, raw) };
}

/**
 * The body checked as the gateway checks it: first the text safety every request passes
 * (assertSafeText), then the endpoint's schema (parseOrReject). Refusals are the
 * API's 422 1000001 with the same field names and texts.
 */
export function checkedBody<S extends z.ZodTypeAny>(schema: S, body: Record<string, unknown>): z.infer<S> {
  const unsafe = unsafeTextFields(body);
  if (unsafe.length > 0)
    throw new ApiError(Errors.RequestSchemaInvalid, 'Text fields must not contain control characters or unpaired surrogates', {
      errors: Object.fromEntries(unsafe.map((field) => [field, [UNSAFE_TEXT_MESSAGE]])),
    });
  return parseOrReject(schema, body);
}

/** A list query of the API from the page's query string: only the API's parameters, only as text. */
export function listQuery<S extends z.ZodTypeAny>(schema: S, query: unknown, names: readonly string[]): z.infer<S> {
  const picked: Record<string, string> = {};
  const given = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
  for (const name of names) {
    const value = given[name];
    if (typeof value === 'string' && value !== '') picked[name] = value;
  }
  return parseOrReject(schema, picked);
}

/** An id in a page's path, as the API checks it (a malformed one is 422 1000001 there; here a page that does not exist). */
export function resourceId(id: string): string {
  return parseOrReject(ResourceIdSchema, id);
}

/** `scenario` is the sandbox's X-CAV-Sandbox-Scenario as chosen in the form; empty: none sent (the API's default). */
export interface RefundForm {
  payment_code: string;
  operation_type: string;
  reason: string;
  scenario: string;
}

export interface WithdrawalForm {
  amount: string;
  address: string;
  address_acknowledged: boolean;
  scenario: string;
}

/** The form's scenario checked as the gateway checks the header; its refusal is shown at the form's `scenario` field. */
function scenarioOf<T extends string>(current: SignedIn, chosen: string, allowed: readonly T[]): T | null {
  return sandboxScenarioOf(chosen === '' ? undefined : chosen, current.session.environment, allowed, 'scenario');
}

/**
 * The merchant's operations, sent to the owning services with exactly the commands, bodies,
 * fingerprints and digests the gateway sends for the API's endpoints, the signed-in user's
 * merchant and selected environment as the caller, and the form's Idempotency-Key.
 */
@Injectable()
export class MerchantOperations {
  constructor(private readonly rpc: RpcClient) {}

  async listReversals(current: SignedIn, query: unknown, correlationId: string) {
    const { page, per_page, status, operation_type } = listQuery(ReversalListQuerySchema, query, ['page', 'per_page', 'status', 'operation_type']);
    return this.rpc.request(
      ListReversals,
      { page, per_page, status: status ?? null, operation_type: operation_type ?? null },
      this.meta(current, correlationId),
    );
  }

  async getReversal(current: SignedIn, id: string, correlationId: string) {
    return this.rpc.request(GetReversal, { id: resourceId(id) }, this.meta(current, correlationId));
  }

  /** POST /api/v3/refunds, with the sandbox scenario chosen (sandbox: completed or rejected at once; live: an operator reviews it). */
  async requestReversal(current: SignedIn, form: RefundForm, idempotencyKey: string, correlationId: string) {
    const body = { payment_code: form.payment_code, operation_type: form.operation_type, reason: form.reason };
    const reversal = checkedBody(RequestReversalBodySchema, body);
    const scenario = scenarioOf(current, form.scenario, REFUND_SCENARIOS);
    const { fingerprint, request_digest } = apiPost(API_PATHS.refunds, body, scenario);
    const result = await this.rpc.request(
      RequestReversal,
      { body: reversal, fingerprint, scenario, request_digest },
      { ...this.meta(current, correlationId), idempotencyKey },
    );
    return result.reversal;
  }

  async listWithdrawals(current: SignedIn, query: unknown, correlationId: string) {
    const { page, per_page, status } = listQuery(WithdrawalListQuerySchema, query, ['page', 'per_page', 'status']);
    return this.rpc.request(ListWithdrawals, { page, per_page, status: status ?? null }, this.meta(current, correlationId));
  }

  /** POST /api/v3/withdrawals, with the sandbox scenario chosen (sandbox: sent or rejected at once; live: an operator sends it). */
  async requestWithdrawal(current: SignedIn, form: WithdrawalForm, idempotencyKey: string, correlationId: string) {
    const body = { amount: form.amount, address: form.address, address_acknowledged: form.address_acknowledged };
    const withdrawal = checkedBody(RequestWithdrawalBodySchema, body);
    const scenario = scenarioOf(current, form.scenario, WITHDRAWAL_SCENARIOS);
    const { fingerprint, request_digest } = apiPost(API_PATHS.withdrawals, body, scenario);
    const result = await this.rpc.request(
      RequestWithdrawal,
      { body: withdrawal, fingerprint, scenario, request_digest },
      { ...this.meta(current, correlationId), idempotencyKey },
    );
    return result.withdrawal;
  }

  async listDisputes(current: SignedIn, query: unknown, correlationId: string) {
    const { page, per_page, status } = listQuery(DisputeListQuerySchema, query, ['page', 'per_page', 'status']);
    return this.rpc.request(ListDisputes, { page, per_page, status: status ?? null }, this.meta(current, correlationId));
  }

  async getWithdrawal(current: SignedIn, id: string, correlationId: string) {
    return this.rpc.request(GetWithdrawal, { id: resourceId(id) }, this.meta(current, correlationId));
  }

  async getDispute(current: SignedIn, id: string, correlationId: string) {
    return this.rpc.request(GetDispute, { id: resourceId(id) }, this.meta(current, correlationId));
  }

  /** POST /api/v3/disputes/{id}/evidence: a new Idempotency-Key replaces the earlier note. */
  async submitEvidence(current: SignedIn, id: string, note: string, idempotencyKey: string, correlationId: string) {
    const disputeId = resourceId(id);
    const body = { note };
    const evidence = checkedBody(EvidenceBodySchema, body);
    const { fingerprint, request_digest } = apiPost(API_PATHS.evidence(disputeId), body);
    return this.rpc.request(
      SubmitEvidence,
      { id: disputeId, body: evidence, fingerprint, request_digest },
      { ...this.meta(current, correlationId), idempotencyKey },
    );
  }

  /** Deliveries with last_error_message in the user's language, as the API answers Accept-Language. */
  async listDeliveries(current: SignedIn, query: unknown, correlationId: string) {
    const { page, per_page, status } = listQuery(DeliveryListQuerySchema, query, ['page', 'per_page', 'status']);
    return this.rpc.request(
      ListWebhookDeliveries,
      { page, per_page, status: status ?? null, accept_language: current.user.language },
      this.meta(current, correlationId),
    );
  }

  async getDelivery(current: SignedIn, id: string, correlationId: string) {
    return this.rpc.request(GetWebhookDelivery, { id: resourceId(id), accept_language: current.user.language }, this.meta(current, correlationId));
  }

  /** POST /api/v3/webhooks/deliveries/{id}/retry: no body; a repeat with the key answers the first retry and queues nothing. */
  async retryDelivery(current: SignedIn, id: string, idempotencyKey: string, correlationId: string) {
    const deliveryId = resourceId(id);
    const { request_digest } = apiPost(API_PATHS.retry(deliveryId));
    return this.rpc.request(
      RetryWebhookDelivery,
      { id: deliveryId, accept_language: current.user.language, request_digest },
      { ...this.meta(current, correlationId), idempotencyKey },
    );
  }

  private meta(current: SignedIn, correlationId: string): { caller: Caller; correlationId: string } {
    return { caller: { merchantCode: current.user.merchant_code, environment: current.session.environment }, correlationId };
  }
}
