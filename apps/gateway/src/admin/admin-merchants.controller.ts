import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { MerchantsService, type IssuedApiKey, type MerchantDetail, type MerchantView, type OperatorAction } from '../merchants/merchants.service';
import type { MerchantListRow } from '../merchants/merchant.repository';
import { PagingQuerySchema, type Page } from '../validation/paging';
import type { EnvironmentSettings } from '../merchants/merchant-settings';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';
import {
  CreateMerchantSchema,
  EnvironmentParamSchema,
  IssueApiKeySchema,
  IssuedApiKeySchema,
  MerchantViewSchema,
  SettingsViewSchema,
  settingsPatchSchema,
} from './admin-schemas';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { Errors, text } from '@platform/contracts';
import { z } from 'zod';

function operatorAction(request: FastifyRequest): OperatorAction {
  return { actor: request.operator ?? 'operator', correlationId: request.correlationId };
}

/** The pinned operator calls that provision merchants (ARCHITECTURE.md, Operator API). */
const MerchantListQuerySchema = PagingQuerySchema.extend({
  search: text({ min: 1, max: 100 }).optional(),
  status: z.enum(['active', 'inactive']).optional(),
}).strict();

@Controller('admin/v1/merchants')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminMerchantsController {
  constructor(
    private readonly merchants: MerchantsService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post()
  @HttpCode(201)
  @OperatorRoute({
    may: 'merchants',
    summary: 'Create a merchant',
    body: CreateMerchantSchema,
    responses: { 201: { description: 'The merchant', schema: MerchantViewSchema } },
    errors: [Errors.RequestSchemaInvalid],
  })
  create(@Body() body: unknown, @Req() request: FastifyRequest): Promise<MerchantView> {
    return this.merchants.createMerchant(parseOrReject(CreateMerchantSchema, body), operatorAction(request));
  }

  @Get()
  @OperatorRoute({
    summary: 'List merchants, newest first; search by code, account number or name, filter by status',
    query: MerchantListQuerySchema,
    responses: { 200: { description: '{data, meta}' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown): Promise<Page<MerchantListRow>> {
    const { page, per_page, search, status } = parseOrReject(MerchantListQuerySchema, query);
    return this.merchants.listMerchants({ search, status }, page, per_page);
  }

  @Get(':merchantCode')
  @OperatorRoute({
    summary: 'Read a merchant with its environments and API keys (no secrets)',
    responses: { 200: { description: 'The merchant' } },
    errors: [Errors.ResourceNotFound],
  })
  read(@Param('merchantCode') merchantCode: string): Promise<MerchantDetail> {
    return this.merchants.getMerchant(merchantCode);
  }

  @Post(':merchantCode/deactivate')
  @HttpCode(200)
  @OperatorRoute({
    may: 'merchants',
    summary: 'Deactivate a merchant: its keys answer 0055502',
    responses: { 200: { description: 'The merchant' } },
    errors: [Errors.ResourceNotFound],
  })
  deactivate(@Param('merchantCode') merchantCode: string, @Req() request: FastifyRequest): Promise<MerchantDetail> {
    return this.merchants.setStatus(merchantCode, 'inactive', operatorAction(request));
  }

  @Post(':merchantCode/activate')
  @HttpCode(200)
  @OperatorRoute({
    may: 'merchants',
    summary: 'Activate a merchant again',
    responses: { 200: { description: 'The merchant' } },
    errors: [Errors.ResourceNotFound],
  })
  activate(@Param('merchantCode') merchantCode: string, @Req() request: FastifyRequest): Promise<MerchantDetail> {
    return this.merchants.setStatus(merchantCode, 'active', operatorAction(request));
  }

  /** Issues a new key for the environment: it raises key_version and retires the previous key after the grace period. */
  @Post(':merchantCode/api-keys')
  @HttpCode(201)
  @OperatorRoute({
    may: 'merchants',
    summary: 'Issue (rotate) the API key of an environment; key_version rises',
    body: IssueApiKeySchema,
    responses: { 201: { description: 'The key and its secret, shown once', schema: IssuedApiKeySchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  issueKey(@Param('merchantCode') merchantCode: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<IssuedApiKey> {
    const { environment, previous_key_grace_seconds: grace } = parseOrReject(IssueApiKeySchema, body);
    return this.merchants.issueApiKey(merchantCode, environment, operatorAction(request), grace);
  }

  /** A leaked key stops working now; issue a new one for the environment alongside. */
  @Post(':merchantCode/api-keys/:apiKey/revoke')
  @HttpCode(200)
  @OperatorRoute({
    may: 'merchants',
    summary: 'Revoke one API key at once (a leaked secret)',
    responses: { 200: { description: 'The revoked key and when' } },
    errors: [Errors.ResourceNotFound],
  })
  revokeKey(@Param('merchantCode') merchantCode: string, @Param('apiKey') apiKey: string, @Req() request: FastifyRequest) {
    return this.merchants.revokeApiKey(merchantCode, apiKey, operatorAction(request));
  }

  @Patch(':merchantCode/environments/:environment')
  @OperatorRoute({
    may: 'merchants',
    summary: 'Change the settings of a merchant environment',
    body: settingsPatchSchema('live', false),
    responses: { 200: { description: 'The whole settings object', schema: SettingsViewSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  patchSettings(
    @Param('merchantCode') merchantCode: string,
    @Param('environment') environmentParam: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<EnvironmentSettings> {
    const environment = parseOrReject(EnvironmentParamSchema, environmentParam);
    const patch = parseOrReject(settingsPatchSchema(environment, this.config.WEBHOOK_ALLOW_LOOPBACK), body);
    return this.merchants.patchSettings(merchantCode, environment, patch, operatorAction(request));
  }
}
