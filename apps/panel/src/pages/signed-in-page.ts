import type { FastifyReply } from 'fastify';
import { ApiError, Errors } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import type { SignedIn } from '../auth/auth.service';
import { t } from '../i18n/messages';
import type { Language } from '../users/user.repository';
import { publicPage, type Chrome } from './html';
import { sendHtml } from '@platform/web-auth';

/** The frame of every signed-in page: the user, their session's CSRF token and environment, the merchant, where they are. */
export function chromeOf(current: SignedIn, merchantName: string, path: string): Chrome {
  return {
    language: current.user.language,
    csrf: current.session.csrf_token,
    merchantName,
    email: current.user.email,
    role: current.user.role,
    environment: current.session.environment,
    path,
  };
}

export function sendNotFound(reply: FastifyReply, l: Language): void {
  sendHtml(reply, 404, publicPage(l, t(l, 'error.title'), `<p role="alert">${t(l, 'notFound')}</p>`));
}

/**
 * Runs a signed-in page's work as every panel page answers: a record the API does not know is
 * 404; when the platform does not answer (or anything else fails), a calm 503 page, and nothing
 * changed. Only failures of the platform are logged as errors.
 */
export async function answerSignedIn(current: SignedIn, reply: FastifyReply, logger: Logger, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const l = current.user.language;
    if (error instanceof ApiError && (error.code === Errors.ResourceNotFound || error.code === Errors.OrderNotFound)) return sendNotFound(reply, l);
    if (!(error instanceof ApiError) || error.status >= 500) logger.error({ err: error }, 'panel page failed');
    sendHtml(reply, 503, publicPage(l, t(l, 'error.title'), `<p role="alert">${t(l, 'unavailable')}</p><p><a href="/">${t(l, 'nav.overview')}</a></p>`));
  }
}
