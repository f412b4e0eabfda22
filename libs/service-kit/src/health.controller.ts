import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ReadinessService } from './readiness.service';

/** Liveness says the process runs; readiness says it can do its work (Postgres and Kafka answer). */
@Controller()
export class HealthController {
  constructor(@Inject(ReadinessService) private readonly readiness: ReadinessService) {}

  @Get('healthz')
  @HttpCode(200)
  alive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(): Promise<{ status: 'ready'; checks: Record<string, 'ok'> }> {
    const result = await this.readiness.check();
    if (!result.ready) throw new ServiceUnavailableException();
    return { status: 'ready', checks: result.checks as Record<string, 'ok'> };
  }
}
