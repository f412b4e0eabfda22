import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { DataSource } from 'typeorm';
import { isEnvironment } from '@platform/contracts';
import { inSpan, outsideAnyTrace, SpanKind, type Logger } from '@platform/observability';
import { ChangeSignals, GroupedWrites } from '@platform/persistence';
import { CONFIG, LOGGER, MerchantSettings, Metrics, ScheduledWork, masterKey, Clock } from '@platform/service-kit';
import type { Config } from '../config';
import { DELIVERIES_DUE_CHANNEL, DeliveryRepository, type DeliveryRow, type FinishedAttempt } from './delivery.repository';
import { nextAttemptAt } from './retry-schedule';
import { signedHeaders } from './webhook-signer';
import { WebhookSender, type SendOutcome } from './webhook-sender';

const LEASE_MS = 60_000;
/** Outcomes recorded in one transaction at most: bounds the statement and its locks. */
const MAX_RECORDED_TOGETHER = 256;

/**
 * Makes the due attempts: claims a batch (SKIP LOCKED, one attempt number each), sends
 * them in parallel, and records each outcome with the next attempt of the spec's schedule.
 * Outcomes finished together are recorded together, and the slots they free are refilled
 * with one claim: a backlog costs a few statements per batch, not several per delivery.
 */
@Injectable()
export class DispatcherService extends ScheduledWork {
  private readonly masterKey: Buffer;
  /** Attempts not yet recorded, whether still sending or waiting for their outcome's write. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts whose request is still on its way: each holds one of DISPATCH_CONCURRENCY's slots. */
  private sending = 0;
  /** Claims still on its way back from the database, each with the slots it holds. */
  private readonly claims = new Map<Promise<DeliveryRow[]>, number>();
  private refillPending = false;
  /** Something became due since the last claim began: a freed slot claims again even if that claim was not full. */
  private moreDue = false;
  private stopping = false;
  private readonly recorded: GroupedWrites<FinishedAttempt>;
  private readonly outcomes: Counter<'outcome' | 'scheme'>;
  private readonly latency: Histogram<'outcome'>;
  private readonly signals: ChangeSignals;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryRepository,
    private readonly settings: MerchantSettings,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Metrics) metrics: Metrics,
  ) {
    super();
    this.masterKey = masterKey(config);
    // A failed group is recorded again outcome by outcome: one bad row or a passing error must
    // not leave 256 deliveries to run out their lease and be sent again.
    this.recorded = new GroupedWrites((attempts) => deliveries.recordAttempts(dataSource, attempts), MAX_RECORDED_TOGETHER, true);
    this.schedule('webhook dispatch', config.DISPATCH_INTERVAL_MS, () => this.fillSlots(), logger);
    this.signals = new ChangeSignals(dataSource);
    this.outcomes = new Counter({
      name: 'webhook_attempts_total',
      help: 'Delivery attempts by outcome',
      labelNames: ['outcome', 'scheme'],
      registers: [metrics.registry],
    });
    this.latency = new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: 'Duration of one delivery attempt',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 13],
      registers: [metrics.registry],
    });
    const repository = deliveries;
    new Gauge({
      name: 'webhook_queue_depth',
      help: 'Deliveries waiting for an attempt',
      registers: [metrics.registry],
      async collect() {
        this.set(await repository.queueDepth(dataSource));
      },
    });
  }

  /** Polls for due retries, and claims a new delivery or a requested retry as soon as it is committed. */
  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    await this.signals.on(DELIVERIES_DUE_CHANNEL, () => this.somethingDue());
    // What was due before this replica listened (a restart's backlog) is claimed now, not at the first tick.
    this.somethingDue();
  }

  override async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.signals.close();
    await super.onApplicationShutdown();
    // A claim on its way back still starts the attempts it leased: wait for those too.
    while (this.claims.size > 0 || this.inFlight.size > 0) await Promise.allSettled([...this.claims.keys(), ...this.inFlight]);
    this.sender.close();
  }

  /**
   * Slots free for new attempts. A slot is freed once its answer is in, while the outcome
   * waits for its grouped write; attempts sending or waiting stay within 2 × DISPATCH_CONCURRENCY,
   * so a slow database holds the sending back instead of letting leases run out in a queue.
   */
  private freeSlots(): number {
    let claiming = 0;
    for (const slots of this.claims.values()) claiming += slots;
    const forRequests = this.config.DISPATCH_CONCURRENCY - this.sending - claiming;
    const forOutcomes = 2 * this.config.DISPATCH_CONCURRENCY - this.inFlight.size - claiming;
    return Math.min(forRequests, forOutcomes);
  }

  /**
   * Keeps up to DISPATCH_CONCURRENCY requests on their way: a slow receiver holds one slot,
   * not the whole batch, and a receiver is never kept waiting while outcomes are written.
   */
  async fillSlots(): Promise<void> {
    if (this.stopping) return;
    // Slots are taken before the claim's await: calls that overlap it see them as used.
    const free = this.freeSlots();
    if (free <= 0) return;
    this.moreDue = false;
    let claimed: DeliveryRow[];
    const claim = this.claim(free);
    this.claims.set(claim, free);
    try {
      claimed = await claim;
    } catch (error) {
      // Whatever this claim was to take is still due.
      this.moreDue = true;
      throw error;
    } finally {
      this.claims.delete(claim);
    }
    // Announced while this claim ran (its snapshot may not hold it): claim again with the slots left.
    if (this.moreDue) this.refillSoon();
    const refillIfMore = () => {
      if (claimed.length === free || this.moreDue) this.refillSoon();
    };
    for (const delivery of claimed) {
      let answered = false;
      const freeSlot = () => {
        if (answered) return;
        answered = true;
        this.sending -= 1;
        refillIfMore();
      };
      this.sending += 1;
      const running: Promise<void> = this.attempt(delivery, freeSlot)
        .catch((error: unknown) => this.logger.error({ err: error, delivery_id: delivery.id }, 'webhook attempt failed to record'))
        .finally(() => {
          freeSlot();
          this.inFlight.delete(running);
          refillIfMore();
        });
      this.inFlight.add(running);
    }
  }

  private somethingDue(): void {
    this.moreDue = true;
    this.refillSoon();
  }

  /**
   * Refills once a quarter of the slots are free (or none is busy), with one claim for all
   * slots freed in one turn of the event loop: a claim costs the database about as much for
   * one row as for sixteen, so claiming per freed slot made the database the bottleneck.
   */
  private refillSoon(): void {
    if (this.refillPending) return;
    this.refillPending = true;
    // Outside the trace of the attempt whose answer set it off: the claim is for many deliveries.
    setImmediate(() => outsideAnyTrace(() => this.refillNow()));
  }

  private refillNow(): void {
    this.refillPending = false;
    if (this.freeSlots() < Math.ceil(this.config.DISPATCH_CONCURRENCY / 4) && this.inFlight.size > 0) return;
    this.fillSlots().catch((error: unknown) => this.logger.error({ err: error }, 'webhook claim failed'));
  }

  /** Makes every attempt due now and waits for them all; returns how many were made. */
  async dispatchDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim(this.config.DISPATCH_CONCURRENCY);
      await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
      total += claimed.length;
      if (claimed.length < this.config.DISPATCH_CONCURRENCY) return total;
    }
  }

  private claim(limit: number): Promise<DeliveryRow[]> {
    const now = this.clock.now();
    return this.deliveries.claimDue(this.dataSource, now, LEASE_MS, limit);
  }

  /** One attempt, in the trace of the event it delivers: its span and its log line carry that trace. */
  private attempt(delivery: DeliveryRow, answered?: () => void): Promise<void> {
    return inSpan(
      'webhook attempt',
      {
        kind: SpanKind.CLIENT,
        parentHeaders: { traceparent: delivery.trace_parent ?? undefined },
        attributes: { 'webhook.event_id': delivery.event_id, 'webhook.attempt': delivery.made_attempts },
      },
      async (span) => {
        const outcome = await this.send(delivery);
        answered?.();
        if (outcome.statusCode !== null) span.setAttribute('http.response.status_code', outcome.statusCode);
        await this.record(delivery, outcome);
      },
    );
  }

  private async record(delivery: DeliveryRow, outcome: SendOutcome): Promise<void> {
    const finishedAt = this.clock.now();
    const next = outcome.delivered
      ? { status: 'delivered' as const, nextAttemptAt: null }
      : (() => {
          const at = nextAttemptAt(delivery.made_attempts, delivery.max_attempts, finishedAt, this.config.WEBHOOK_RETRY_TIME_SCALE);
          return { status: at ? ('pending' as const) : ('failed' as const), nextAttemptAt: at };
        })();
    await this.recorded.add({ delivery, outcome, next, finishedAt });
    const label = outcome.delivered ? 'delivered' : next.status === 'failed' ? 'failed' : 'retry_scheduled';
    this.outcomes.inc({ outcome: label, scheme: delivery.scheme });
    this.latency.observe({ outcome: outcome.delivered ? 'delivered' : 'failed' }, outcome.durationMs / 1000);
    this.logger.info(
      {
        delivery_id: delivery.id,
        event_id: delivery.event_id,
        attempt: delivery.made_attempts,
        outcome: label,
        status_code: outcome.statusCode,
        error_code: outcome.errorCode,
      },
      'webhook attempt',
    );
  }

  private async send(delivery: DeliveryRow): Promise<SendOutcome> {
    const fail = (errorCode: SendOutcome['errorCode'], error: string): SendOutcome => ({ delivered: false, statusCode: null, errorCode, error, durationMs: 0 });
    if (!isEnvironment(delivery.environment)) return fail('webhook_environment_invalid', `environment ${delivery.environment}`);
    const merchant = this.settings.get(delivery.merchant_code, delivery.environment);
    if (!merchant) return fail('webhook_environment_invalid', 'no settings for the environment');
    const headers = signedHeaders(delivery, merchant, this.masterKey, this.clock.now());
    if (!headers) return fail('webhook_signing_unavailable', 'no API key to sign with');
    return this.sender.send(delivery.url, headers, delivery.body);
  }
}
