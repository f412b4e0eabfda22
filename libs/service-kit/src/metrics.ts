import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { EVENT_LOOP_DELAY_SERIES, EventLoopDelay } from './event-loop-delay';

/**
 * prom-client's event-loop histogram samples on a timer whatever the loop does; this process's
 * `EventLoopDelay` publishes the same series and samples only while the loop has work. prom-client
 * cannot leave its histogram out, so it is given a period it never reaches and its series are
 * taken off the registry; its `nodejs_eventloop_lag_seconds`, read at each scrape, stays.
 */
const PROM_CLIENT_LOOP_SAMPLE_MS = 2 ** 31 - 1;

/** The process's Prometheus registry: default process metrics plus whatever the app adds. */
export class Metrics {
  readonly registry = new Registry();
  readonly eventLoopDelay: EventLoopDelay;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: PROM_CLIENT_LOOP_SAMPLE_MS });
    for (const name of EVENT_LOOP_DELAY_SERIES) this.registry.removeSingleMetric(name);
    this.eventLoopDelay = new EventLoopDelay(this.registry);
  }
}

/** Prometheus scrape endpoint of every service. */
@Controller()
export class MetricsController {
  constructor(@Inject(Metrics) private readonly metrics: Metrics) {}

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
