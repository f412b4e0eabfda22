import { Controller, Get, Inject } from '@nestjs/common';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { OpenApiDocument } from './openapi-document';

/** The merchant API's OpenAPI document, and the operator API's in its own. */
@Controller()
export class OpenApiController {
  constructor(
    private readonly openapi: OpenApiDocument,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('openapi.json')
  merchantDocument(): Record<string, unknown> {
    return this.openapi.document('merchant', this.config.PUBLIC_BASE_URL);
  }

  @Get('openapi/operator.json')
  operatorDocument(): Record<string, unknown> {
    return this.openapi.document('operator', this.config.PUBLIC_BASE_URL);
  }
}
