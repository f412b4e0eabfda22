import { ERROR_CATALOGUE, type ErrorCode, type ProblemExtras, type ProblemMetadata } from '@platform/contracts';

export type Language = 'en' | 'tr';

export interface ProblemDocument extends Omit<ProblemExtras, 'metadata'> {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ErrorCode;
  correlation_id: string;
  metadata: ProblemMetadata;
}

/** English unless the caller prefers Turkish over English in Accept-Language. */
export function negotiateLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag?.split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => (entry.tag === 'tr' || entry.tag === 'en') && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.tag === 'tr' ? 'tr' : 'en';
}

export function buildProblem(input: {
  code: ErrorCode;
  status?: number;
  detail?: string;
  extras?: ProblemExtras;
  instance: string;
  correlationId: string;
  language: Language;
  typeBaseUrl: string;
}): ProblemDocument {
  const entry = ERROR_CATALOGUE[input.code];
  const title = entry[input.language];
  const { metadata: chosen, ...extras } = input.extras ?? {};
  return {
    type: `${input.typeBaseUrl}/problems/${input.code}`,
    title,
    status: input.status ?? entry.status,
    // A translated detail exists only for the catalogue text; a specific detail stays in English.
    detail: input.detail ?? title,
    instance: input.instance,
    code: input.code,
    correlation_id: input.correlationId,
    ...extras,
    metadata: {
      developer_detail: developerDetail(input.detail ?? entry.en, extras.errors),
      retry_class: chosen?.retry_class ?? entry.retry,
      audit_event: chosen?.audit_event ?? entry.event,
    },
  };
}

/** The detail in English, with every failing field and what it expects on a schema error. */
function developerDetail(detail: string, errors: Record<string, string[]> | undefined): string {
  if (!errors) return detail;
  const fields = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(', ')}`);
  return `${detail} (${fields.join('; ')})`;
}
