import { context, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { currentTraceIds, outsideAnyTrace } from './tracing';

describe('outsideAnyTrace', () => {
  const manager = new AsyncLocalStorageContextManager();

  beforeAll(() => context.setGlobalContextManager(manager.enable()));
  afterAll(() => {
    manager.disable();
    context.disable();
  });

  const attempt = trace.wrapSpanContext({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED });

  it('runs the work, and what it schedules, in no trace while the caller stays in its own', async () => {
    const seen = await context.with(trace.setSpan(context.active(), attempt), async () => {
      const inside = currentTraceIds();
      const later = await new Promise<ReturnType<typeof currentTraceIds>>((resolve) =>
        setImmediate(() => outsideAnyTrace(() => setTimeout(() => resolve(currentTraceIds()), 1))),
      );
      return { inside, later, after: currentTraceIds() };
    });
    expect(seen.inside?.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(seen.later).toBeUndefined();
    expect(seen.after?.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('returns what the work returns', () => {
    expect(outsideAnyTrace(() => 42)).toBe(42);
  });
});
