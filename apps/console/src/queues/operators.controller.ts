import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OPERATOR_ROLES } from '@platform/contracts';
import { parseOrReject } from '@platform/service-kit';
import { csrfField, escapeHtml, field, formOf, sameText, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf, doneNotice } from '../auth/console-gate';
import { OperatorAuthService, operatorActor, type SignedIn } from '../auth/operator-auth.service';
import { OperatorRepository } from '../operators/operator.repository';
import { actionForm, code, consolePage, table } from '../pages/layout';

const PATH = '/operators';
const roleOptions = OPERATOR_ROLES.map((value) => ({ value, label: value }));
/** At most 150 characters: the audit's actor, `console:<id> <email>`, stays within a command's 200. */
const NewOperatorSchema = z.object({
  email: z.string().trim().max(150, 'must be at most 150 characters').email('must be an e-mail address'),
  role: z.enum(OPERATOR_ROLES),
});

/** The people who run the platform (admins only): invite with a set-up link, change a role, reset, disable. */
@Controller('operators')
export class OperatorsController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly auth: OperatorAuthService,
    private readonly operators: OperatorRepository,
  ) {}

  @Get()
  list(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      if (current.operator.role !== 'admin') return this.notAdmin(current, reply);
      sendHtml(reply, 200, await this.page(current, doneNotice(query)));
    });
  }

  @Post()
  create(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.withLink(request, reply, body, async (current, form) => {
      const input = parseOrReject(NewOperatorSchema, { email: form.email, role: form.role });
      const { operator, link } = await this.auth.createOperator(
        { email: input.email, role: input.role, createdBy: operatorActor(current.operator), creatorId: current.operator.id },
        request.correlationId,
      );
      return {
        text: `Operator ${operator.email} created as ${operator.role}. Hand over this set-up link in person or over a channel you trust; it works once:`,
        link,
      };
    });
  }

  @Post(':id/:change')
  manage(
    @Param('id') id: string,
    @Param('change') change: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.withLink(request, reply, body, async (current, form) => {
      const target = parseOrReject(z.string().uuid('must be a UUID'), id);
      const what = parseOrReject(z.enum(['role', 'disable', 'reset']), change);
      const result = await this.auth.manageOperator(
        current,
        target,
        what === 'role' ? { role: parseOrReject(z.enum(OPERATOR_ROLES), form.role) } : what,
        request.correlationId,
      );
      if (result.link)
        return { text: `${result.operator.email} must set a password and add an authenticator app again. Hand over this set-up link:`, link: result.link };
      return { text: what === 'disable' ? `${result.operator.email} is disabled; their sessions ended.` : `The role of ${result.operator.email} is changed.` };
    });
  }

  /** An admin's change on this page; the answer is the page itself, with the set-up link when there is one (shown once, never stored). */
  private async withLink(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    work: (current: SignedIn, form: Record<string, string>) => Promise<{ text: string; link?: string }>,
  ): Promise<void> {
    const form = formOf(body);
    return this.gate.page(
      request,
      reply,
      async (current) => {
        if (!form._csrf || !sameText(form._csrf, current.session.csrf_token))
          return sendHtml(reply, 403, consolePage(chromeOf(current, PATH), 'Form expired', '<p role="alert">This form has expired. Open the page again.</p>'));
        if (current.operator.role !== 'admin') {
          await this.auth.audit(current, 'refused.role', { path: request.url, role: current.operator.role, needs: 'operators' }, request.correlationId);
          return this.notAdmin(current, reply);
        }
        const outcome = await work(current, form);
        const link = outcome.link ? `<p><code class="secret" id="setup-link">${escapeHtml(outcome.link)}</code></p>` : '';
        sendHtml(reply, 200, await this.page(current, { kind: 'success', text: outcome.text }, link));
      },
      PATH,
    );
  }

  private async page(current: SignedIn, notice?: { kind: 'success' | 'error'; text: string }, afterNotice = ''): Promise<string> {
    const csrf = current.session.csrf_token;
    const rows = (await this.operators.all()).map((operator) => {
      const own = operator.id === current.operator.id;
      const changes =
        own || operator.status === 'disabled'
          ? ''
          : [
              actionForm(
                csrf,
                `${PATH}/${operator.id}/role`,
                'Change role',
                `<label for="role-${operator.id}">New role of ${escapeHtml(operator.email)}</label><select id="role-${operator.id}" name="role">${roleOptions.map((option) => `<option${option.value === operator.role ? ' selected' : ''}>${option.value}</option>`).join('')}</select>`,
                'secondary',
              ),
              actionForm(csrf, `${PATH}/${operator.id}/reset`, 'Reset sign-in', '', 'secondary'),
              actionForm(csrf, `${PATH}/${operator.id}/disable`, 'Disable', '', 'danger'),
            ].join('');
      return [
        escapeHtml(operator.email),
        escapeHtml(operator.role),
        escapeHtml(operator.status),
        operator.totp_secret_sealed ? 'yes' : 'not yet',
        code(operator.created_by),
        changes,
      ];
    });
    const create = `<section class="card" aria-labelledby="create-h"><h2 id="create-h">Add an operator</h2><form method="post" action="${PATH}" novalidate>${csrfField(csrf)}
${field({ name: 'email', label: 'E-mail', type: 'email', required: true })}${field({ name: 'role', label: 'Role', type: 'select', options: roleOptions, value: 'viewer' })}
<button type="submit">Add operator</button></form></section>`;
    return consolePage(
      chromeOf(current, PATH),
      'Operators',
      `${afterNotice}${table('Operators', ['E-mail', 'Role', 'Status', 'Second factor', 'Created by', 'Change'], rows)}${create}`,
      notice,
    );
  }

  private notAdmin(current: SignedIn, reply: FastifyReply): void {
    sendHtml(
      reply,
      403,
      consolePage(
        chromeOf(current, PATH),
        'Not allowed',
        `<p role="alert">Only admins manage operators; your role is ${escapeHtml(current.operator.role)}.</p>`,
      ),
    );
  }
}
