import { Controller, Get, Header, Inject } from '@nestjs/common';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { OpenApiDocument } from './openapi-document';
import { renderDocsPage } from './docs-page';

@Controller()
export class OpenApiController {
  constructor(
    private readonly openapi: OpenApiDocument,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('openapi.json')
  document(): Record<string, unknown> {
    return this.openapi.document(this.config.PUBLIC_BASE_URL);
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  docs(): string {
    return renderDocsPage(this.openapi.document(this.config.PUBLIC_BASE_URL));
  }
}
