import fc from 'fast-check';
import type { LimitDecision } from './sliding-window-limiter';
import { SlotReservations, type Grant, type Reservation, type SlotStore } from './slot-reservations';

const WINDOW = 400;
const LIFETIME = 100;

/** The Redis script's window in memory, on the fake clock: trim, grant up to the limit, stamp with the reservation's end. */
class WindowModel {
  private readonly members = new Map<string, Map<string, number>>();

  reserve({ key, asked, limit, lifetimeMs, batch }: Reservation): Grant {
    const now = Date.now();
    const set = this.members.get(key) ?? new Map<string, number>();
    this.members.set(key, set);
    for (const [member, score] of set) if (score <= now - WINDOW) set.delete(member);
    const granted = Math.max(0, Math.min(asked, limit - set.size));
    for (let i = 1; i <= granted; i += 1) set.set(`${batch}:${i}`, now + lifetimeMs);
    const oldest = Math.min(...set.values());
    return { granted, count: set.size, retryAfterMs: set.size >= limit ? oldest + WINDOW - now : 0 };
  }

  /** Members in the window now. */
  count(key: string): number {
    return this.reserve({ key, asked: 0, limit: 0, lifetimeMs: 0, batch: 'probe' }).count;
  }

  release(key: string, batch: string, count: number): void {
    for (let i = 1; i <= count; i += 1) this.members.get(key)?.delete(`${batch}:${i}`);
  }
}

/** One replica's connection: commands reach the window in the order sent, `out` ms later; answers take `back` ms. */
function link(window: WindowModel, out: number, back: number): SlotStore {
  let lastRun = 0;
  const runInOrder = (run: () => void): void => {
    lastRun = Math.max(Date.now() + out, lastRun);
    setTimeout(run, lastRun - Date.now());
  };
  return {
    reserve: (reservations) =>
      new Promise((resolve) =>
        runInOrder(() => {
          const grants = reservations.map((reservation) => window.reserve(reservation));
          setTimeout(() => resolve(grants), back);
        }),
      ),
    release: (key, batch, count) => runInOrder(() => window.release(key, batch, count)),
  };
}

interface Arrival {
  replica: number;
  gapMs: number;
  requests: number;
}

interface Outcome {
  at: number;
  allowed: boolean;
  /** Not counted: the store failed or answered too late, and the gateway lets such a request pass. */
  unchecked?: boolean;
}

interface Setting {
  /** Each replica's latency to Redis and back. */
  links: Array<{ out: number; back: number }>;
  limit: number;
  aheadShare: number;
}

async function simulate(replicas: number, { links, limit, aheadShare }: Setting, arrivals: Arrival[]): Promise<Outcome[]> {
  const window = new WindowModel();
  const books = Array.from(
    { length: replicas },
    (_, index) => new SlotReservations(link(window, links[index]!.out, links[index]!.back), { lifetimeMs: LIFETIME, aheadShare, now: () => Date.now() }),
  );
  const outcomes: Outcome[] = [];
  const pending: Array<Promise<void>> = [];
  for (const { replica, gapMs, requests } of arrivals) {
    await jest.advanceTimersByTimeAsync(gapMs);
    for (let i = 0; i < requests; i += 1) {
      pending.push(
        books[replica % replicas]!.consume('key:k', limit).then(
          (decision: LimitDecision) => void outcomes.push({ at: Date.now(), allowed: decision.allowed }),
          () => void outcomes.push({ at: Date.now(), allowed: false, unchecked: true }),
        ),
      );
    }
  }
  await jest.advanceTimersByTimeAsync(WINDOW * 3);
  await Promise.all(pending);
  for (const book of books) book.close();
  return outcomes;
}

function allowedWithin(outcomes: Outcome[], from: number, to: number): number {
  return outcomes.filter((outcome) => outcome.allowed && outcome.at > from && outcome.at <= to).length;
}

function refused(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((outcome) => !outcome.allowed && !outcome.unchecked);
}

/** Lets the fake clock run the turn in which reservations leave, then takes the answer. */
async function answered<T>(pending: Promise<T>): Promise<T> {
  await jest.advanceTimersByTimeAsync(0);
  return pending;
}

const arrivals = fc.array(fc.record({ replica: fc.nat(2), gapMs: fc.nat(150), requests: fc.integer({ min: 1, max: 12 }) }), { maxLength: 60 });
const limits = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 40, max: 300 }));
const aheadShares = fc.constantFrom(0, 0.01, 0.1, 0.5, 1);
const linksOf = (out: fc.Arbitrary<number>, back: fc.Arbitrary<number>) => fc.array(fc.record({ out, back }), { minLength: 3, maxLength: 3 });
/** Round trips well inside a reservation's lifetime, as on a healthy network. */
const quick = fc.record({ links: linksOf(fc.nat(20), fc.nat(20)), limit: limits, aheadShare: aheadShares });
/** Answers that may come after the reservation lapsed: a slow Redis, or a stalled event loop. */
const slow = fc.record({ links: linksOf(fc.nat(30), fc.oneof(fc.nat(10), fc.integer({ min: 100, max: 160 }))), limit: limits, aheadShare: aheadShares });
const roundTrip = (setting: Setting) => Math.max(...setting.links.map(({ out, back }) => out + back));

describe('SlotReservations', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('never lets more than the limit through in any window, whatever the replicas, latencies and arrivals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), slow, arrivals, async (replicas, setting, plan) => {
        const outcomes = await simulate(replicas, setting, plan);
        expect(outcomes).toHaveLength(plan.reduce((sum, arrival) => sum + arrival.requests, 0));
        for (const { at, allowed } of outcomes) if (allowed) expect(allowedWithin(outcomes, at - WINDOW, at)).toBeLessThanOrEqual(setting.limit);
        // Only answers that come after their reservation lapsed leave requests unchecked.
        if (roundTrip(setting) < LIFETIME) expect(outcomes.filter((outcome) => outcome.unchecked)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses only when the window was full, give or take a reservation and a round trip, with one replica or with nothing reserved ahead', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), quick, arrivals, async (replicas, drawn, plan) => {
        const setting = replicas > 1 ? { ...drawn, aheadShare: 0 } : drawn;
        const outcomes = await simulate(replicas, setting, plan);
        const slack = WINDOW + LIFETIME + roundTrip(setting);
        // A refusal may rest on another replica's grant whose answer is still on its way back.
        for (const { at } of refused(outcomes)) expect(allowedWithin(outcomes, at - slack, at + roundTrip(setting))).toBeGreaterThanOrEqual(setting.limit);
      }),
      { numRuns: 300 },
    );
  });

  it('spends reserved slots with no round trip and gives back what is unspent when the reservation lapses', async () => {
    const window = new WindowModel();
    const sent: Reservation[] = [];
    const released: number[] = [];
    const store: SlotStore = {
      reserve: async (reservations) => (sent.push(...reservations), reservations.map((reservation) => window.reserve(reservation))),
      release: (key, batch, count) => (released.push(count), window.release(key, batch, count)),
    };
    const book = new SlotReservations(store, { lifetimeMs: LIFETIME, aheadShare: 1, now: () => Date.now() });
    const first = await answered(Promise.all(Array.from({ length: 3 }, () => book.consume('key:k', 50))));
    expect(first.map((decision) => decision.remaining)).toEqual([49, 48, 47]);
    for (let i = 0; i < 5; i += 1) {
      await jest.advanceTimersByTimeAsync(5);
      await answered(book.consume('key:k', 50));
    }
    await jest.advanceTimersByTimeAsync(LIFETIME);
    const spentSoFar = 8;
    expect(sent.length).toBeLessThan(spentSoFar);
    expect(released).toHaveLength(1);
    expect(window.count('key:k')).toBe(spentSoFar);
    await jest.advanceTimersByTimeAsync(LIFETIME * 3);
    expect(jest.getTimerCount()).toBe(0);
    book.close();
  });

  it('gives back a grant that comes after its reservation lapsed, asks once more, and leaves the request unchecked if that one is late too', async () => {
    const window = new WindowModel();
    const delays = [150, 150, 150, 5];
    const store: SlotStore = {
      reserve: (reservations) => new Promise((resolve) => setTimeout(() => resolve(reservations.map((r) => window.reserve(r))), delays.shift())),
      release: (key, batch, count) => window.release(key, batch, count),
    };
    const book = new SlotReservations(store, { lifetimeMs: LIFETIME, now: () => Date.now() });
    const held = () => window.count('key:k');

    const unchecked = book.consume('key:k', 50);
    const settled = expect(unchecked).rejects.toThrow('after they lapsed');
    await jest.advanceTimersByTimeAsync(400);
    await settled;
    expect(held()).toBe(0);

    const checked = book.consume('key:k', 50);
    await jest.advanceTimersByTimeAsync(200);
    await expect(checked).resolves.toMatchObject({ allowed: true, remaining: 49 });
    expect(held()).toBe(1);
    book.close();
  });

  it('tells each waiting request its own error when the store fails, and asks again afterwards', async () => {
    let failing = true;
    const window = new WindowModel();
    const store: SlotStore = {
      reserve: async (reservations) => {
        if (failing) throw new Error('Redis is reconnecting');
        return reservations.map((reservation) => window.reserve(reservation));
      },
      release: (key, batch, count) => window.release(key, batch, count),
    };
    const book = new SlotReservations(store, { lifetimeMs: LIFETIME, now: () => Date.now() });
    const attempts = await answered(Promise.allSettled([book.consume('ip:a', 5), book.consume('ip:a', 5)]));
    expect(attempts.map((attempt) => attempt.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    await expect(answered(book.consume('ip:a', 5))).resolves.toMatchObject({ allowed: true, remaining: 4 });
    book.close();
  });
});
