import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { ApiError, UNSAFE_TEXT_MESSAGE, unsafeTextFields, Errors } from '@platform/contracts';

/**
 * After authentication and before any handler: no body field, query parameter or path
 * parameter may carry NUL or other control characters or unpaired surrogates. They are
 * refused with 422 1000001 naming the fields, where they used to reach the database and come
 * back as 500, which the spec tells a Direct API client to repeat unchanged, for ever.
 */
@Injectable()
export class TextSafetyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const fields = [...unsafeTextFields(request.body), ...unsafeTextFields(request.query), ...unsafeTextFields(request.params)];
    if (fields.length > 0) {
      throw new ApiError(Errors.RequestSchemaInvalid, 'Text fields must not contain control characters or unpaired surrogates', {
        errors: Object.fromEntries(fields.map((field) => [field, [UNSAFE_TEXT_MESSAGE]])),
      });
    }
    return next.handle();
  }
}
