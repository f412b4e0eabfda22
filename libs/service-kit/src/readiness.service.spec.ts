import { ReadinessService } from './readiness.service';

describe('readiness', () => {
  const setup = (graceMs: number) => {
    const readiness = new ReadinessService({ READINESS_GRACE_MS: graceMs });
    let now = 1_000_000;
    readiness.now = () => now;
    let brokerUp = true;
    readiness.register({ name: 'postgres', check: async () => undefined });
    readiness.register({
      name: 'kafka',
      check: async () => {
        if (!brokerUp) throw new Error('broker unreachable');
      },
    });
    return {
      readiness,
      advance: (ms: number) => (now += ms),
      broker: (up: boolean) => (brokerUp = up),
    };
  };

  it('stays ready through a short broker blip, reporting it as degraded', async () => {
    const { readiness, advance, broker } = setup(30_000);
    broker(false);
    expect(await readiness.check()).toEqual({ ready: true, checks: { postgres: 'ok', kafka: 'degraded' } });
    advance(29_000);
    expect((await readiness.check()).ready).toBe(true);
    broker(true);
    expect(await readiness.check()).toEqual({ ready: true, checks: { postgres: 'ok', kafka: 'ok' } });
  });

  it('reports not ready once a dependency has failed longer than the grace period, and ready again after one success', async () => {
    const { readiness, advance, broker } = setup(30_000);
    broker(false);
    await readiness.check();
    advance(30_000);
    expect(await readiness.check()).toEqual({ ready: false, checks: { postgres: 'ok', kafka: 'failing' } });
    broker(true);
    expect((await readiness.check()).ready).toBe(true);
    // A new failure starts a new grace period.
    broker(false);
    expect((await readiness.check()).ready).toBe(true);
  });

  it('reports a failure at once with no grace, and always while draining', async () => {
    const { readiness, broker } = setup(0);
    broker(false);
    expect((await readiness.check()).ready).toBe(false);
    broker(true);
    readiness.markDraining();
    expect(await readiness.check()).toEqual({ ready: false, checks: { shutdown: 'draining' } });
  });
});
