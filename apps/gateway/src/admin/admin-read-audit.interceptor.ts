import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import { AuditService } from '../merchants/audit.service';

/** Records every operator read in the audit log before answering it. */
@Injectable()
export class AdminReadAuditInterceptor implements NestInterceptor {
  constructor(private readonly audit: AuditService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.method !== 'GET') return next.handle();
    return from(this.audit.recordRead(request.operator ?? 'operator', request.url, request.correlationId)).pipe(mergeMap(() => next.handle()));
  }
}
