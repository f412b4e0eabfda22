import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import { ApiError, Errors } from '@platform/contracts';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { renderDocsPage } from '../openapi/docs-page';
import { OpenApiDocument } from '../openapi/openapi-document';
import { docsLayout, renderGuide } from './docs-site';

const CONTENT_TYPE = 'text/html; charset=utf-8';
/** Static pages: no script runs, nothing is framed. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The developer docs: guides kept in pages/, the error reference and the API reference rendered from their sources. */
@Controller('docs')
export class DocsSiteController {
  constructor(
    private readonly openapi: OpenApiDocument,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  @Header('content-type', CONTENT_TYPE)
  @Header('content-security-policy', CSP)
  index(): string {
    return this.guide('');
  }

  @Get('api')
  @Header('content-type', CONTENT_TYPE)
  @Header('content-security-policy', CSP)
  merchantReference(): string {
    return docsLayout('API reference', 'api', renderDocsPage(this.openapi.document('merchant', this.config.PUBLIC_BASE_URL), '/openapi.json'));
  }

  @Get('operator')
  @Header('content-type', CONTENT_TYPE)
  @Header('content-security-policy', CSP)
  operatorReference(): string {
    return docsLayout(
      'Operator API reference',
      'operator',
      renderDocsPage(this.openapi.document('operator', this.config.PUBLIC_BASE_URL), '/openapi/operator.json'),
    );
  }

  @Get(':page')
  @Header('content-type', CONTENT_TYPE)
  @Header('content-security-policy', CSP)
  page(@Param('page') page: string): string {
    return this.guide(page);
  }

  private guide(slug: string): string {
    const html = /^[a-z-]{0,40}$/.test(slug) ? renderGuide(slug) : undefined;
    if (html === undefined) throw new ApiError(Errors.RequestRouteUnknown, `There is no docs page ${JSON.stringify(slug)}`);
    return html;
  }
}
