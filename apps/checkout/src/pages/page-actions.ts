import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '@platform/observability';
import { sealSecret } from '@platform/signing';
import { CONFIG, LOGGER, cardDataKey } from '@platform/service-kit';
import type { Config } from '../config';
import { CardAttemptLimit } from '../card-attempts/card-attempt-limit';
import { CSRF_COOKIE, CsrfTokens, readCookie } from '../three-ds/csrf';
import { acceptBankReturn, acceptForm } from './accept-form';
import { readCardForm } from './card-form';
import { PAGE_TOKEN, sendFailurePage, sendPage, sendTooManyAttempts, setCsrfCookie } from './respond';
import { forbiddenPage, notFoundPage } from './three-ds.page';

const TEST_SCREEN_CHOICES = new Set(['success', 'failure', 'timeout']);

/** How the customer came back from 3-D Secure, and what they or their bank answered. */
export interface ThreeDsAnswer {
  source: 'test_screen' | 'bank_return';
  answer: Record<string, string>;
}

/** What every customer page controller does around its own step: token, CSRF, card intake, failure page. */
@Injectable()
export class PageActions {
  private readonly cardKey: Buffer;

  constructor(
    private readonly csrf: CsrfTokens,
    private readonly attemptLimit: CardAttemptLimit,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) config: Config,
  ) {
    this.cardKey = cardDataKey(config);
  }

  /** A page shown for a token: a malformed token is 404 without asking anyone; a failure of the step is the failure page. */
  showFor(token: string, reply: FastifyReply, step: () => Promise<void>): Promise<void> {
    if (!PAGE_TOKEN.test(token)) {
      sendPage(reply, 404, notFoundPage());
      return Promise.resolve();
    }
    return this.answer(reply, step);
  }

  /** Runs a step of a page; whatever it throws becomes the failure page (404, maintenance or "try again shortly"). */
  async answer(reply: FastifyReply, step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      sendFailurePage(reply, error, this.logger);
    }
  }

  /**
   * A card form post: the page token, the CSRF pair and the client's card attempts are checked
   * (each refusal answered here: null), then the card is sealed for this page. `sealed` is null
   * when the form holds no well-formed card.
   */
  async acceptCard(
    token: string,
    body: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
    sealContext: string,
    framable = false,
  ): Promise<{ sealed: string | null } | null> {
    const form = acceptForm(token, body, request, reply, this.csrf, framable);
    if (!form) return null;
    const wait = await this.attemptLimit.take(request);
    if (wait !== null) {
      sendTooManyAttempts(reply, wait);
      return null;
    }
    const card = readCardForm(form);
    return { sealed: card ? sealSecret(JSON.stringify(card), this.cardKey, sealContext) : null };
  }

  /**
   * The customer's answer to 3-D Secure: from our sandbox test screen (token, CSRF and one of
   * its three buttons checked) or posted back by a live bank. Null once a refusal has been sent.
   */
  acceptThreeDsAnswer(source: ThreeDsAnswer['source'], token: string, body: unknown, request: FastifyRequest, reply: FastifyReply): ThreeDsAnswer | null {
    if (source === 'bank_return') {
      const answer = acceptBankReturn(token, body, reply);
      return answer ? { source, answer } : null;
    }
    const form = acceptForm(token, body, request, reply, this.csrf);
    if (!form) return null;
    if (typeof form.result !== 'string' || !TEST_SCREEN_CHOICES.has(form.result)) {
      sendPage(reply, 422, forbiddenPage());
      return null;
    }
    return { source, answer: { result: form.result } };
  }

  /**
   * The CSRF field of a form on this page; the customer's cookie is kept, or set when there is
   * none. A page loaded into a merchant's frame gets the cookieless field instead (ADR 0044).
   */
  csrfField(request: FastifyRequest, reply: FastifyReply, token: string, inFrame = false): string {
    if (inFrame) return this.csrf.framedFieldFor(token);
    const cookie = readCookie(request.headers.cookie, CSRF_COOKIE) ?? this.csrf.newCookieValue();
    setCsrfCookie(reply, request, cookie);
    return this.csrf.fieldFor(cookie, token);
  }
}
