import { Controller, Get, Header, Inject } from '@nestjs/common';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { OpenApiDocument } from './openapi-document';
import { renderDocsPage } from './docs-page';

const DOCS_PAGE_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" };

/** The merchant API's document and page, and the operator API's in their own. */
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

  @Get('docs')
  @Header('content-type', DOCS_PAGE_HEADERS['content-type'])
  @Header('content-security-policy', DOCS_PAGE_HEADERS['content-security-policy'])
  merchantDocs(): string {
    return renderDocsPage(this.openapi.document('merchant', this.config.PUBLIC_BASE_URL), '/openapi.json');
  }

  @Get('docs/operator')
  @Header('content-type', DOCS_PAGE_HEADERS['content-type'])
  @Header('content-security-policy', DOCS_PAGE_HEADERS['content-security-policy'])
  operatorDocs(): string {
    return renderDocsPage(this.openapi.document('operator', this.config.PUBLIC_BASE_URL), '/openapi/operator.json');
  }
}
