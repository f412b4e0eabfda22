import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_ADVICE, ERROR_CATALOGUE, REFINED_AUDIT_EVENTS, RETRY_CLASSES } from '@platform/contracts';

/** docs/errors.md, rendered from the one error catalogue so that it cannot drift from it. */
export function renderErrorReference(): string {
  const lines = [
    '# Error reference',
    '',
    '<!-- Generated from libs/contracts/src/error-codes.ts by `npm run docs:errors`; a unit test keeps it in step. Served at /docs/errors. -->',
    '',
    'Every error is `application/problem+json` with `type`, `title`, `status`, `detail`, `instance`, `code`,',
    '`correlation_id` and `metadata` (v3 and v4 alike). Branch on `code`; `metadata` is for the developer:',
    '',
    '- `developer_detail`: what exactly was wrong (the header, the field and what it expects), in English;',
    '  never a secret, a card number or an internal name.',
    '- `retry_class`: what to do next, one of the values below.',
    '- `audit_event`: a stable name of what happened. The platform logs every refusal with it (`"audit_event"`',
    "  in the gateway's JSON log line `request refused`) and counts it in the Prometheus counter",
    '  `api_errors_total{code, audit_event, status}`.',
    '',
    '## retry_class',
    '',
    '| value | meaning |',
    '|---|---|',
    ...Object.entries(RETRY_CLASSES).map(([name, meaning]) => `| \`${name}\` | ${meaning} |`),
    '',
    '## Codes',
    '',
    '| code | HTTP | meaning | what to do | retry_class | audit_event |',
    '|---|---|---|---|---|---|',
    ...Object.entries(ERROR_CATALOGUE).map(
      ([code, entry]) =>
        `| ${code} | ${entry.status} | ${entry.en} | ${ERROR_ADVICE[code as keyof typeof ERROR_ADVICE]} | \`${entry.retry}\` | \`${entry.event}\` |`,
    ),
    '',
    '## More precise audit events',
    '',
    'Where one code covers several causes, `audit_event` names the cause instead of the default above.',
    "The retry class stays the code's, except that an inactive account (`auth.account_inactive`) is",
    '`do_not_retry` and a payment not yet booked (`ledger.payment_not_booked_yet`) is `retry_unchanged`.',
    '',
    '| audit_event | code |',
    '|---|---|',
    ...Object.entries(REFINED_AUDIT_EVENTS).map(([event, code]) => `| \`${event}\` | ${code} |`),
    '',
  ];
  return lines.join('\n');
}

// npm runs scripts from the repository root.
if (require.main === module) writeFileSync(join(process.cwd(), 'docs', 'errors.md'), renderErrorReference());
