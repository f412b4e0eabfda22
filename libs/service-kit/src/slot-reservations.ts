import { randomUUID } from 'node:crypto';
import { refused, type LimitDecision } from './sliding-window-limiter';

/** What the shared window answered to a reservation. */
export interface Grant {
  /** Slots granted, members `${batch}:1` … `${batch}:${granted}`; fewer than asked when the window is full. */
  granted: number;
  /** Members in the window after the grant, this replica's and every other's. */
  count: number;
  /** When the window is full after the grant: milliseconds until its oldest member leaves, else 0. */
  retryAfterMs: number;
}

export interface Reservation {
  key: string;
  asked: number;
  limit: number;
  lifetimeMs: number;
  /** Names the members: `${batch}:1` … `${batch}:${granted}`, unique across replicas. */
  batch: string;
}

/**
 * The window every replica shares. A reserved member is stamped with the reservation's end, so
 * it stays in the window at least a full window after any request that spends it.
 */
export interface SlotStore {
  /** In one round trip; each reservation gets its grant or its own error. */
  reserve(reservations: Reservation[]): Promise<Array<Grant | Error>>;
  /** Gives back members `${batch}:1` … `${batch}:${count}`; off the request path, best effort. */
  release(key: string, batch: string, count: number): void;
}

export interface ReservationOptions {
  /** How long a replica may spend a reservation, counted from when it asked. */
  lifetimeMs: number;
  /** The most slots one reservation asks for. */
  maxGrant: number;
  /**
   * The most a replica reserves ahead of the requests waiting, as a share of the limit: the most
   * the other replicas can be refused early. Below 1 / share, no slot is reserved ahead and every
   * count is exact across replicas, as with one sliding-window log.
   */
  aheadShare: number;
  now: () => number;
}

interface Waiter {
  resolve: (decision: LimitDecision) => void;
  reject: (error: unknown) => void;
}

interface Subject {
  key: string;
  limit: number;
  /** The live reservation: its members `${batch}:1` … `${batch}:${unspent}` are not spent yet. */
  batch: string;
  unspent: number;
  countAtGrant: number;
  askedAt: number;
  /** Requests spent since the last grant or lapse; none over a whole lifetime forgets the subject. */
  spent: number;
  /** Requests expected over one lifetime, from the last reservation. */
  demand: number;
  waiters: Waiter[];
  asking: boolean;
  /** Grants in a row that came back after their reservation had lapsed. */
  lateAnswers: number;
  timer?: NodeJS.Timeout;
}

const DEFAULTS: ReservationOptions = { lifetimeMs: 100, maxGrant: 1000, aheadShare: 0.01, now: () => performance.now() };

/**
 * A request limit shared by replicas, spent locally. A replica reserves slots in the shared window
 * ahead of demand and spends them with no round trip on the request's path; what it has not spent
 * when the reservation lapses it gives back. The window never holds more than the limit, so no
 * window ever lets more requests through than the limit; the cost is bounded early refusal: slots
 * one replica holds unspent (at most `aheadShare` of the limit) are refused to the others until
 * they lapse (one lifetime at most). With one replica the counts and headers are exact.
 */
export class SlotReservations {
  private readonly subjects = new Map<string, Subject>();
  /** Subjects whose reservation leaves with the next round trip. */
  private due: Subject[] = [];
  private readonly replica = randomUUID();
  private sequence = 0;
  private closed = false;
  private readonly options: ReservationOptions;

  constructor(
    private readonly store: SlotStore,
    options: Partial<ReservationOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  consume(key: string, limit: number): Promise<LimitDecision> {
    let subject = this.subjects.get(key) ?? this.track(key, limit);
    if (subject.unspent > 0 && this.options.now() >= subject.askedAt + this.options.lifetimeMs) {
      this.lapse(subject);
      subject = this.subjects.get(key) ?? this.track(key, limit);
    }
    if (subject.unspent > 0) return Promise.resolve(this.spend(subject));
    return new Promise<LimitDecision>((resolve, reject) => {
      subject.waiters.push({ resolve, reject });
      this.askFor(subject);
    });
  }

  /** Gives back every unspent slot and forgets every subject; answers still on their way are given back too. */
  close(): void {
    this.closed = true;
    for (const subject of this.subjects.values()) {
      clearTimeout(subject.timer);
      if (subject.unspent > 0) this.store.release(subject.key, subject.batch, subject.unspent);
    }
    this.subjects.clear();
  }

  private track(key: string, limit: number): Subject {
    const subject: Subject = {
      key,
      limit,
      batch: '',
      unspent: 0,
      countAtGrant: 0,
      askedAt: 0,
      spent: 0,
      demand: 0,
      waiters: [],
      asking: false,
      lateAnswers: 0,
    };
    this.subjects.set(key, subject);
    return subject;
  }

  private spend(subject: Subject): LimitDecision {
    subject.unspent -= 1;
    subject.spent += 1;
    if (subject.unspent === 0) {
      // Spent before it lapsed: demand outran the reservation; ask for what this pace needs next time.
      const elapsed = Math.max(this.options.now() - subject.askedAt, this.options.lifetimeMs / 10);
      subject.demand = Math.ceil((subject.spent * this.options.lifetimeMs) / elapsed);
    }
    return { allowed: true, limit: subject.limit, remaining: Math.max(0, subject.limit - subject.countAtGrant + subject.unspent), retryAfterSeconds: 0 };
  }

  /** Requests that come in the same turn of the event loop share the reservation and the round trip. */
  private askFor(subject: Subject): void {
    if (subject.asking) return;
    subject.asking = true;
    this.due.push(subject);
    if (this.due.length === 1) setImmediate(() => this.sendDue());
  }

  private sendDue(): void {
    const subjects = this.due;
    this.due = [];
    const askedAt = this.options.now();
    const reservations = subjects.map((subject): Reservation => {
      const wanted = subject.waiters.length + Math.min(subject.demand, Math.floor(subject.limit * this.options.aheadShare));
      const asked = Math.max(1, Math.min(wanted, subject.limit, this.options.maxGrant));
      return { key: subject.key, asked, limit: subject.limit, lifetimeMs: this.options.lifetimeMs, batch: `${this.replica}:${(this.sequence += 1)}` };
    });
    this.store.reserve(reservations).then(
      (grants) =>
        subjects.forEach((subject, index) => {
          const reservation = reservations[index]!;
          const grant = grants[index] ?? new Error('no answer to the reservation');
          try {
            if (grant instanceof Error) this.fail(subject, grant, reservation);
            else this.settle(subject, grant, reservation, askedAt);
          } catch (error) {
            this.fail(subject, error, reservation);
          }
        }),
      (error: unknown) => subjects.forEach((subject, index) => this.fail(subject, error, reservations[index]!)),
    );
  }

  private settle(subject: Subject, grant: Grant, { batch }: Reservation, askedAt: number): void {
    subject.asking = false;
    if (this.closed) throw new Error('the rate limits are closed');
    if (grant.granted > 0 && this.options.now() >= askedAt + this.options.lifetimeMs) {
      // Its slots may already have left the window by the time they would be spent: give them back.
      this.store.release(subject.key, batch, grant.granted);
      subject.lateAnswers += 1;
      if (subject.lateAnswers > 1) throw new Error('Redis answered two reservations in a row after they lapsed');
      this.askFor(subject);
      return;
    }
    subject.lateAnswers = 0;
    if (grant.granted > 0) {
      subject.batch = batch;
      subject.unspent = grant.granted;
      subject.countAtGrant = grant.count;
      subject.askedAt = askedAt;
      subject.spent = 0;
      this.housekeepAt(subject, askedAt + this.options.lifetimeMs);
    }
    const waiters = subject.waiters;
    subject.waiters = [];
    let served = 0;
    while (served < waiters.length && subject.unspent > 0) waiters[served++]!.resolve(this.spend(subject));
    const left = waiters.slice(served);
    if (left.length === 0) return;
    if (grant.count >= subject.limit) {
      const refusal = refused(subject.limit, grant.retryAfterMs);
      for (const waiter of left) waiter.resolve(refusal);
      if (grant.granted === 0) this.forgetIfIdle(subject);
      return;
    }
    // They came while the reservation was on its way and it did not cover them: ask again.
    subject.waiters = left;
    this.askFor(subject);
  }

  /** The waiting requests get the error (the gateway lets them pass); whatever Redis may have granted goes back. */
  private fail(subject: Subject, error: unknown, reservation: Reservation): void {
    subject.asking = false;
    subject.lateAnswers = 0;
    this.store.release(subject.key, reservation.batch, reservation.asked);
    const waiters = subject.waiters;
    subject.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
    this.forgetIfIdle(subject);
  }

  private forgetIfIdle(subject: Subject): void {
    if (subject.timer === undefined && !subject.asking && subject.waiters.length === 0 && this.subjects.get(subject.key) === subject)
      this.subjects.delete(subject.key);
  }

  /** The reservation's end: unspent slots go back; a subject idle for a whole lifetime is forgotten. */
  private lapse(subject: Subject): void {
    clearTimeout(subject.timer);
    subject.timer = undefined;
    if (subject.unspent > 0) {
      this.store.release(subject.key, subject.batch, subject.unspent);
      subject.unspent = 0;
      subject.demand = subject.spent;
    }
    if (subject.spent === 0 && !subject.asking && subject.waiters.length === 0) {
      this.forgetIfIdle(subject);
      return;
    }
    subject.spent = 0;
    this.housekeepAt(subject, this.options.now() + this.options.lifetimeMs);
  }

  private housekeepAt(subject: Subject, at: number): void {
    clearTimeout(subject.timer);
    if (this.closed) return;
    subject.timer = setTimeout(() => this.lapse(subject), Math.max(0, at - this.options.now()));
    subject.timer.unref();
  }
}
