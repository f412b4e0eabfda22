import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errors, isIdempotencyKey, PagingQuerySchema, ResourceIdSchema, pageOf, text, type ConsoleEnvironment } from '@platform/contracts';
import { Clock, LOGGER, parseOrReject } from '@platform/service-kit';
import type { Logger } from '@platform/observability';
import { AuthService, type SignedIn } from '../auth/auth.service';
import { mayChange, PanelGate } from '../auth/panel-gate';
import { errorText, t } from '../i18n/messages';
import { formFieldOf, type Chrome, type FieldErrors, type Notice } from '../pages/html';
import { formOf, sendHtml } from '@platform/web-auth';
import { MerchantConsole } from '../merchant/merchant-console';
import { activityPage } from '../users/activity.pages';
import { UserRepository } from '../users/user.repository';
import { MerchantOperations } from './merchant-operations';
import {
  acceptsEvidence,
  deliveriesPage,
  deliveryDetailPage,
  disputeDetailPage,
  disputesPage,
  refundDetailPage,
  refundsPage,
  withdrawalDetailPage,
  withdrawalsPage,
  type Listing,
  type PageMeta,
} from './operations.pages';
import { answerSignedIn, chromeOf, sendNotFound } from '../pages/signed-in-page';

const ActivityQuerySchema = PagingQuerySchema.extend({ action: text({ min: 1, max: 100 }).optional() }).strict();

/** Refusals about one field of the form that the API reports without naming a field: shown next to that field too. */
const REFUND_FIELD_OF: Record<string, string> = {
  [Errors.ResourceNotFound]: 'payment_code',
  [Errors.ReversalPaymentNotPaid]: 'payment_code',
  [Errors.ReversalAlreadyExists]: 'payment_code',
};
const WITHDRAWAL_FIELD_OF: Record<string, string> = {
  [Errors.WithdrawalBurnAddressRefused]: 'address',
  [Errors.WithdrawalBelowMinimum]: 'amount',
  [Errors.WithdrawalAboveDailyLimit]: 'amount',
  [Errors.BalanceInsufficient]: 'amount',
};

interface Refusal {
  status: number;
  notice: Notice;
  errors: FieldErrors;
}

const EMPTY_META: PageMeta = { page: 1, per_page: 20, total: 0, total_pages: 0 };

/**
 * The merchant's operations in the panel: refunds and voids, withdrawals, dispute evidence
 * and webhook retries, for the environment the session looks at. Every request is the API's:
 * the same command, body schema, fingerprint and digest, with the Idempotency-Key drawn when
 * the form was shown, so a form sent twice is one request. Viewers read; a post of theirs is
 * refused with 403 and changes nothing.
 */
@Controller()
export class OperationsController {
  constructor(
    private readonly gate: PanelGate,
    private readonly auth: AuthService,
    private readonly console: MerchantConsole,
    private readonly operations: MerchantOperations,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // Refunds and voids

  @Get('refunds')
  async refunds(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      const view = await this.console.environment(current, request.correlationId);
      const listing = await this.listing(query, ['status', 'operation_type', 'page', 'per_page'], (q) =>
        this.operations.listReversals(current, q, request.correlationId),
      );
      const form = { values: { payment_code: '', operation_type: 'refund', reason: '', scenario: '' }, idempotencyKey: randomUUID() };
      sendHtml(reply, listing.errors ? 422 : 200, refundsPage(this.chrome(current, view, '/refunds'), listing, this.canAct(current), form));
    });
  }

  @Get('refunds/:id')
  async refund(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      if (!ResourceIdSchema.safeParse(id).success) return this.notFound(current, reply);
      const [view, reversal] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.operations.getReversal(current, id, request.correlationId),
      ]);
      sendHtml(reply, 200, refundDetailPage(this.chrome(current, view, '/refunds'), reversal));
    });
  }

  @Post('refunds')
  async requestRefund(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.actor(request, reply, form, '/refunds');
    if (!current) return;
    const l = current.user.language;
    const values = {
      payment_code: (form.payment_code ?? '').trim(),
      operation_type: form.operation_type ?? '',
      reason: form.reason ?? '',
      scenario: form.scenario ?? '',
    };
    await this.answer(current, reply, async () => {
      const view = await this.console.environment(current, request.correlationId);
      const chrome = this.chrome(current, view, '/refunds');
      let outcome: { status: number; notice: Notice; errors: FieldErrors; key: string; accepted?: Awaited<ReturnType<MerchantOperations['requestReversal']>> };
      const stop = this.precheck(current, view, form);
      if (stop) outcome = stop;
      else {
        const key = form.idempotency_key!;
        try {
          const reversal = await this.operations.requestReversal(current, values, key, request.correlationId);
          await this.record(
            current,
            'reversal.requested',
            {
              reversal_id: reversal.id,
              payment_code: values.payment_code,
              operation_type: values.operation_type,
              idempotency_key: key,
              environment: chrome.environment,
              scenario: values.scenario || null,
            },
            request.correlationId,
          );
          const text = t(l, 'refunds.accepted', {
            operation: t(l, `refunds.operation.${reversal.operation}`),
            id: reversal.id,
            status: t(l, `refunds.status.${reversal.status}`),
          });
          outcome = { status: 202, notice: { kind: 'success', text }, errors: {}, key: randomUUID(), accepted: reversal };
        } catch (error) {
          outcome = { ...this.refused(current, error, ['payment_code', 'operation_type', 'reason', 'scenario'], REFUND_FIELD_OF), key };
        }
      }
      const listing = await this.listing({}, [], (q) => this.operations.listReversals(current, q, request.correlationId));
      const formState = outcome.accepted
        ? { values: { payment_code: '', operation_type: 'refund', reason: '', scenario: '' }, idempotencyKey: outcome.key }
        : { values, idempotencyKey: outcome.key, errors: outcome.errors };
      sendHtml(reply, outcome.status, refundsPage(chrome, listing, true, formState, outcome.notice, outcome.accepted));
    });
  }

  // Withdrawals

  @Get('withdrawals')
  async withdrawals(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      const [view, balances, listing] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.console.balances(current, request.correlationId),
        this.listing(query, ['status', 'page', 'per_page'], (q) => this.operations.listWithdrawals(current, q, request.correlationId)),
      ]);
      const form = { values: { amount: '', address: '', address_acknowledged: false, scenario: '' }, idempotencyKey: randomUUID() };
      sendHtml(
        reply,
        listing.errors ? 422 : 200,
        withdrawalsPage(
          this.chrome(current, view, '/withdrawals'),
          listing,
          this.canAct(current),
          this.hints(view, balances.withdrawable.withdrawable_amount),
          form,
        ),
      );
    });
  }

  @Get('withdrawals/:id')
  async withdrawal(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      if (!ResourceIdSchema.safeParse(id).success) return this.notFound(current, reply);
      const [view, withdrawal] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.operations.getWithdrawal(current, id, request.correlationId),
      ]);
      sendHtml(reply, 200, withdrawalDetailPage(this.chrome(current, view, '/withdrawals'), withdrawal));
    });
  }

  @Post('withdrawals')
  async requestWithdrawal(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.actor(request, reply, form, '/withdrawals');
    if (!current) return;
    const l = current.user.language;
    const values = {
      amount: (form.amount ?? '').trim(),
      address: (form.address ?? '').trim(),
      address_acknowledged: form.address_acknowledged === 'true',
      scenario: form.scenario ?? '',
    };
    await this.answer(current, reply, async () => {
      const view = await this.console.environment(current, request.correlationId);
      const chrome = this.chrome(current, view, '/withdrawals');
      let outcome: {
        status: number;
        notice: Notice;
        errors: FieldErrors;
        key: string;
        accepted?: Awaited<ReturnType<MerchantOperations['requestWithdrawal']>>;
      };
      const stop = this.precheck(current, view, form);
      if (stop) outcome = stop;
      else {
        const key = form.idempotency_key!;
        try {
          const withdrawal = await this.operations.requestWithdrawal(current, values, key, request.correlationId);
          await this.record(
            current,
            'withdrawal.requested',
            {
              withdrawal_id: withdrawal.id,
              amount: withdrawal.amount,
              address: withdrawal.address,
              idempotency_key: key,
              environment: chrome.environment,
              scenario: values.scenario || null,
            },
            request.correlationId,
          );
          const text = t(l, 'withdrawals.accepted', {
            id: withdrawal.id,
            status: t(l, `withdrawals.status.${withdrawal.status}`),
            amount: withdrawal.amount,
            currency: withdrawal.currency,
            usdt: withdrawal.usdt_amount,
          });
          outcome = { status: 201, notice: { kind: 'success', text }, errors: {}, key: randomUUID(), accepted: withdrawal };
        } catch (error) {
          outcome = { ...this.refused(current, error, ['amount', 'address', 'address_acknowledged', 'scenario'], WITHDRAWAL_FIELD_OF), key };
        }
      }
      const [balances, listing] = await Promise.all([
        this.console.balances(current, request.correlationId),
        this.listing({}, [], (q) => this.operations.listWithdrawals(current, q, request.correlationId)),
      ]);
      const formState = outcome.accepted
        ? { values: { amount: '', address: '', address_acknowledged: false, scenario: '' }, idempotencyKey: outcome.key }
        : { values, idempotencyKey: outcome.key, errors: outcome.errors };
      sendHtml(
        reply,
        outcome.status,
        withdrawalsPage(chrome, listing, true, this.hints(view, balances.withdrawable.withdrawable_amount), formState, outcome.notice, outcome.accepted),
      );
    });
  }

  // Disputes

  @Get('disputes')
  async disputes(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      const [view, listing] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.listing(query, ['status', 'page', 'per_page'], (q) => this.operations.listDisputes(current, q, request.correlationId)),
      ]);
      sendHtml(reply, listing.errors ? 422 : 200, disputesPage(this.chrome(current, view, '/disputes'), listing));
    });
  }

  @Get('disputes/:id')
  async dispute(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      if (!ResourceIdSchema.safeParse(id).success) return this.notFound(current, reply);
      const [view, dispute] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.operations.getDispute(current, id, request.correlationId),
      ]);
      const form = { values: { note: '' }, idempotencyKey: randomUUID() };
      sendHtml(
        reply,
        200,
        disputeDetailPage(this.chrome(current, view, '/disputes'), dispute, this.canAct(current), acceptsEvidence(dispute, this.clock.now()), form),
      );
    });
  }

  @Post('disputes/:id/evidence')
  async submitEvidence(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.actor(request, reply, form, `/disputes/${encodeURIComponent(id)}`);
    if (!current) return;
    const note = form.note ?? '';
    await this.answer(current, reply, async () => {
      if (!ResourceIdSchema.safeParse(id).success) return this.notFound(current, reply);
      const view = await this.console.environment(current, request.correlationId);
      const chrome = this.chrome(current, view, '/disputes');
      const stop = this.precheck(current, view, form);
      let outcome: Refusal & { key: string };
      let dispute;
      if (stop) outcome = stop;
      else {
        const key = form.idempotency_key!;
        try {
          dispute = await this.operations.submitEvidence(current, id, note, key, request.correlationId);
          await this.record(
            current,
            'dispute.evidence_submitted',
            { dispute_id: id, idempotency_key: key, environment: chrome.environment },
            request.correlationId,
          );
          outcome = { status: 200, notice: { kind: 'success', text: t(current.user.language, 'disputes.submitted', { id }) }, errors: {}, key: randomUUID() };
        } catch (error) {
          outcome = { ...this.refused(current, error, ['note']), key };
        }
      }
      dispute ??= await this.operations.getDispute(current, id, request.correlationId);
      const formState =
        outcome.status === 200
          ? { values: { note: '' }, idempotencyKey: outcome.key }
          : { values: { note }, idempotencyKey: outcome.key, errors: outcome.errors };
      sendHtml(reply, outcome.status, disputeDetailPage(chrome, dispute, true, acceptsEvidence(dispute, this.clock.now()), formState, outcome.notice));
    });
  }

  // Webhook deliveries

  @Get('webhook-deliveries')
  async deliveries(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      const [view, listing] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.listing(query, ['status', 'page', 'per_page'], (q) => this.operations.listDeliveries(current, q, request.correlationId)),
      ]);
      sendHtml(reply, listing.errors ? 422 : 200, deliveriesPage(this.chrome(current, view, '/webhook-deliveries'), listing));
    });
  }

  @Get('webhook-deliveries/:id')
  async delivery(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      if (!ResourceIdSchema.safeParse(id).success) return this.notFound(current, reply);
      const [view, delivery] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.operations.getDelivery(current, id, request.correlationId),
      ]);
      sendHtml(reply, 200, deliveryDetailPage(this.chrome(current, view, '/webhook-deliveries'), delivery, this.canAct(current), randomUUID()));
    });
  }

  @Post('webhook-deliveries/:id/retry')
  async retryDelivery(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.actor(request, reply, form, `/webhook-deliveries/${encodeURIComponent(id)}`);
    if (!current) return;
    await this.answer(current, reply, async () => {
      if (!ResourceIdSchema.safeParse(id).success) return this.notFound(current, reply);
      const view = await this.console.environment(current, request.correlationId);
      const chrome = this.chrome(current, view, '/webhook-deliveries');
      const stop = this.precheck(current, view, form);
      let outcome: Refusal & { key: string };
      let delivery;
      if (stop) outcome = stop;
      else {
        const key = form.idempotency_key!;
        try {
          delivery = await this.operations.retryDelivery(current, id, key, request.correlationId);
          await this.record(current, 'delivery.retried', { delivery_id: id, idempotency_key: key, environment: chrome.environment }, request.correlationId);
          outcome = { status: 200, notice: { kind: 'success', text: t(current.user.language, 'deliveries.retried', { id }) }, errors: {}, key: randomUUID() };
        } catch (error) {
          outcome = { ...this.refused(current, error, []), key };
        }
      }
      delivery ??= await this.operations.getDelivery(current, id, request.correlationId);
      sendHtml(reply, outcome.status, deliveryDetailPage(chrome, delivery, true, outcome.key, outcome.notice));
    });
  }

  // The team's activity: the panel's audit log, for owners

  @Get('activity')
  async activity(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    const l = current.user.language;
    if (!mayChange(current.user.role, 'users'))
      return this.gate.forbid(current, request, reply, {
        page: '/',
        text: t(l, 'activity.ownersOnly', { role: t(l, `role.${current.user.role}`) }),
        back: t(l, 'nav.overview'),
      });
    await this.answer(current, reply, async () => {
      const [view, listing] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.listing(query, ['action', 'page', 'per_page'], async (given) => {
          // An empty field of the filter form means no filter, as for the API's lists.
          const asked = Object.fromEntries(Object.entries(given as Record<string, string>).filter(([, value]) => value !== ''));
          const { page, per_page, action } = parseOrReject(ActivityQuerySchema, asked);
          const { rows, total } = await this.users.auditPage(current.user.merchant_code, action ?? null, page, per_page);
          return pageOf(rows, total, page, per_page);
        }),
      ]);
      sendHtml(reply, listing.errors ? 422 : 200, activityPage(this.chrome(current, view, '/activity'), listing));
    });
  }

  // The door and the refusals

  /** A signed-in user with the form's CSRF token whose role may request operations; a viewer gets 403 and nothing is sent. */
  private async actor(request: FastifyRequest, reply: FastifyReply, form: Record<string, string>, page: string): Promise<SignedIn | undefined> {
    const current = await this.gate.signedInForm(request, reply, form);
    if (!current) return undefined;
    if (this.canAct(current)) return current;
    const l = current.user.language;
    await this.gate.forbid(current, request, reply, { page, text: t(l, 'ops.readOnly', { role: t(l, `role.${current.user.role}`) }), back: t(l, 'ops.back') });
    return undefined;
  }

  /** Who asked for an operation, in the panel's audit log (the owning service knows only the merchant); a failed write must not hide a done operation. */
  private async record(current: SignedIn, action: string, details: object, correlationId: string): Promise<void> {
    try {
      await this.auth.audit(current, action, details, correlationId);
    } catch (error) {
      this.logger.error({ err: error, action, details }, 'the panel audit log did not take an operation');
    }
  }

  private canAct(current: SignedIn): boolean {
    return mayChange(current.user.role, 'operations');
  }

  /**
   * What stops a form before it is sent: a form without a usable Idempotency-Key (a new one is
   * drawn), a form filled in for the other environment than the session now shows (the
   * key stays: nothing was sent with it), and a merchant that is not active (the API refuses
   * every request of an inactive account).
   */
  private precheck(current: SignedIn, view: ConsoleEnvironment, form: Record<string, string>): (Refusal & { key: string }) | undefined {
    const l = current.user.language;
    const key = form.idempotency_key ?? '';
    if (!isIdempotencyKey(key) || (form.environment !== 'sandbox' && form.environment !== 'live'))
      return { status: 422, notice: { kind: 'error', text: t(l, 'ops.formExpired') }, errors: {}, key: randomUUID() };
    if (form.environment !== current.session.environment) {
      const text = t(l, 'ops.environmentChanged', { form: t(l, `env.${form.environment}`), current: t(l, `env.${current.session.environment}`) });
      return { status: 409, notice: { kind: 'error', text }, errors: {}, key };
    }
    if (view.merchant.status !== 'active')
      return { status: 403, notice: { kind: 'error', text: t(l, 'ops.inactive', { code: Errors.AuthCredentialsInvalid }) }, errors: {}, key };
    return undefined;
  }

  /**
   * The API's refusal as the page shows it: the catalogue text in the user's language with its
   * code on top, the API's field errors next to the form's fields, and a refusal about one field
   * (`fieldOf`) next to that field too. When the platform did not answer (5xx) the request may
   * have gone through: the page says that sending the same form again is safe. Anything else is
   * not a refusal and is thrown on.
   */
  private refused(current: SignedIn, error: unknown, fields: string[], fieldOf: Record<string, string> = {}): Refusal {
    if (!(error instanceof ApiError)) throw error;
    const l = current.user.language;
    const text = `${errorText(l, error.code, error.message)} (${error.code})`;
    if (error.status >= 500) {
      this.logger.warn({ err: error }, 'an operation was not answered');
      return { status: 503, notice: { kind: 'error', text: `${text} ${t(l, 'ops.repeatSafe')}` }, errors: {} };
    }
    const errors: FieldErrors = {};
    const elsewhere: string[] = [];
    for (const [path, messages] of Object.entries(error.extras.errors ?? {})) {
      const name = formFieldOf(path);
      if (fields.includes(name)) errors[name] = [...(errors[name] ?? []), ...messages];
      else elsewhere.push(`${path}: ${messages.join('; ')}`);
    }
    const field = fieldOf[error.code];
    if (field) errors[field] = [...(errors[field] ?? []), text];
    return { status: error.status, notice: { kind: 'error', text: [text, ...elsewhere].join(' · ') }, errors };
  }

  /** A list as the API answers it; a filter or page the API refuses is shown next to the filter, with an empty list. */
  private async listing<T>(query: unknown, names: string[], load: (query: unknown) => Promise<{ data: T[]; meta: PageMeta }>): Promise<Listing<T>> {
    const given = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
    const filter: Record<string, string> = {};
    for (const name of names) if (typeof given[name] === 'string') filter[name] = given[name];
    try {
      const page = await load(filter);
      return { data: page.data, meta: page.meta, filter };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== Errors.RequestSchemaInvalid) throw error;
      return { data: [], meta: EMPTY_META, filter, errors: error.extras.errors ?? {} };
    }
  }

  private hints(view: ConsoleEnvironment, withdrawable: string) {
    return { currency: view.merchant.base_currency, min: view.settings.withdrawal_min_amount, daily: view.settings.withdrawal_daily_limit, withdrawable };
  }

  private notFound(current: SignedIn, reply: FastifyReply): void {
    sendNotFound(reply, current.user.language);
  }

  private answer(current: SignedIn, reply: FastifyReply, work: () => Promise<void>): Promise<void> {
    return answerSignedIn(current, reply, this.logger, work);
  }

  private chrome(current: SignedIn, view: ConsoleEnvironment, path: string): Chrome {
    return chromeOf(current, view.merchant.name, path);
  }
}
