import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from './respond';
import { PreSessionCsrf, newToken } from './tokens';

/** The CSRF field of a form shown before a session exists (sign-in, set-up links), with its cookie `<app>_pre`. */
export class PreSessionForms {
  private readonly csrf: PreSessionCsrf;
  private readonly cookie: string;

  constructor(key: Buffer, app: string) {
    this.csrf = new PreSessionCsrf(key, app);
    this.cookie = `${app}_pre`;
  }

  /** The field for a public form, setting its cookie when the browser has none. */
  field(request: FastifyRequest, reply: FastifyReply): string {
    let cookie = readCookie(request, this.cookie);
    if (!cookie) {
      cookie = newToken();
      setCookie(reply, request, this.cookie, cookie);
    }
    return this.csrf.fieldFor(cookie);
  }

  valid(request: FastifyRequest, form: Record<string, string>): boolean {
    return this.csrf.verify(readCookie(request, this.cookie), form._csrf);
  }
}
