import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';

/** The process's Prometheus registry: default process metrics plus whatever the app adds. */
export class Metrics {
  readonly registry = new Registry();

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
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
