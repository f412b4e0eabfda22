import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { runWithContext, currentContext, withSpan } from '@platform/observability';
import './fastify-augment';

/** Runs each HTTP handler inside the request's context and trace span, so its logs and messages carry both. */
@Injectable()
export class ContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const known = currentContext();
    return new Observable((subscriber) =>
      runWithContext({ ...known, correlationId: request.correlationId }, () => withSpan(request.traceSpan, () => next.handle().subscribe(subscriber))),
    );
  }
}
