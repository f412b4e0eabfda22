import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { AuditRepository, type AuditFilter, type AuditRecord } from './audit.repository';
import { page, type Page } from '../validation/paging';

@Injectable()
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditRepository,
  ) {}

  async list(filter: AuditFilter, pageNumber: number, perPage: number): Promise<Page<AuditRecord>> {
    const { rows, total } = await this.audit.list(this.dataSource, filter, perPage, (pageNumber - 1) * perPage);
    return page(rows, total, pageNumber, perPage);
  }

  /** A change made by another service on the operator's behalf, recorded once it is done. */
  async recordChange(entry: { actor: string; action: string; target: string; correlationId: string; before: unknown; after: unknown }): Promise<void> {
    await this.audit.append(this.dataSource, entry);
  }

  /** A change an operator asked for through the operator API, recorded as that operator once it is done. */
  async recordOperatorChange(request: FastifyRequest, change: { action: string; target: string; before: unknown; after: unknown }): Promise<void> {
    await this.recordChange({ actor: request.operator ?? 'operator', correlationId: request.correlationId, ...change });
  }

  /** Reads are audited too (who looked at what); changes are audited in their own transaction. */
  async recordRead(actor: string, path: string, correlationId: string): Promise<void> {
    await this.audit.append(this.dataSource, { actor, action: 'read', target: path, correlationId, before: null, after: null });
  }
}
