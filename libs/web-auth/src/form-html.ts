import { escapeHtml } from './html-escape';

/** Field errors as the API words them (`errors` of a problem document), by field name. */
export type FieldErrors = Record<string, string[]>;

/** The API's field errors (`ip_allowlist.1`, `amount`) under the form's field names: the part before the first `.` or `[`. */
export function formFieldOf(path: string): string {
  return path.split(/[.[]/)[0]!;
}

export function formFieldErrors(apiErrors: Record<string, string[]> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(apiErrors ?? {})) {
    const name = formFieldOf(path);
    errors[name] = [...(errors[name] ?? []), ...messages];
  }
  return errors;
}

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/** The look both browser apps share: readable, high-contrast, usable on a phone. */
export const PAGE_STYLE = `*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#14181f;background:#f6f7f9;line-height:1.5}
a{color:#0b4fbf}a:focus,button:focus,input:focus,select:focus,textarea:focus{outline:3px solid #f0a500;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:2}
header{background:#14213d;color:#fff;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between}
header a{color:#fff}header form{display:inline-flex;gap:.4rem;align-items:center;margin:0}header button,td button{display:inline-block}header select{max-width:11rem}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:.5rem 1rem;background:#fff;border-bottom:1px solid #d0d5dd}
nav a[aria-current=page]{font-weight:700;text-decoration:none;color:#14181f}
main{max-width:60rem;margin:1rem auto;padding:0 1rem}.card{background:#fff;border:1px solid #d0d5dd;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:999px;font-size:.85rem;font-weight:700}.badge.sandbox{background:#fff3c4;color:#5c4400}.badge.live{background:#c8102e;color:#fff}
label{display:block;font-weight:600;margin-top:.75rem}input,select,textarea{font:inherit;width:100%;max-width:32rem;padding:.5rem;border:1px solid #667085;border-radius:6px;background:#fff;color:#14181f}
textarea{min-height:6rem}.hint{color:#475467;font-size:.9rem;margin:.2rem 0}.field-error{color:#b42318;font-weight:600;margin:.2rem 0}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:#b42318;border-width:2px}
button{font:inherit;padding:.55rem 1rem;display:block;border-radius:6px;border:1px solid #14213d;background:#14213d;color:#fff;cursor:pointer;margin-top:.75rem}
button.secondary{background:#fff;color:#14213d}button.danger{background:#b42318;border-color:#b42318}
.notice{padding:.75rem 1rem;border-radius:6px;margin-bottom:1rem;font-weight:600}.notice.success{background:#dcfae6;color:#05603a}.notice.error{background:#fee4e2;color:#912018}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid #e4e7ec;vertical-align:top}
.table-wrap{overflow-x:auto}code,.secret{font-family:ui-monospace,monospace;word-break:break-all}.secret{display:block;background:#f2f4f7;padding:.5rem;border-radius:6px}
.warning{background:#c8102e;color:#fff;padding:.4rem 1rem;font-weight:700;margin:0}
pre{background:#f2f4f7;padding:.75rem;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-word}.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:600;margin-top:.75rem}.check input{width:auto;margin-top:.3rem}
.filters{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:flex-end}.filters>div{flex:1 1 10rem}.list code{white-space:nowrap;word-break:normal}
.pager{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin-top:.75rem}dl.facts{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.3rem 1rem}dl.facts dd{margin:0;word-break:break-word}
@media (max-width:40rem){dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.4rem}}
@media (max-width:40rem){header{flex-direction:column;align-items:flex-start}th,td{padding:.35rem .25rem;font-size:.95rem}}`;

export function csrfField(token: string): string {
  return `<input type="hidden" name="_csrf" value="${escapeHtml(token)}">`;
}

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'textarea' | 'select';
  value?: string;
  hint?: string;
  autocomplete?: string;
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  inputmode?: string;
}

/**
 * The attributes of a table's wrapper: a table wider than a phone scrolls sideways, so its
 * region takes the focus (the keyboard can scroll it too) and is named for screen readers.
 */
export const scrollable = (label: string) => `tabindex="0" role="region" aria-label="${escapeHtml(label)}"`;

/** A labelled field with its hint and the API's errors for it, tied together for screen readers. */
export function field(spec: FieldSpec, errors: FieldErrors = {}): string {
  const id = `field-${spec.name}`;
  const messages = errors[spec.name] ?? [];
  const described = [spec.hint ? `${id}-hint` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attrs = `id="${id}" name="${spec.name}"${described ? ` aria-describedby="${described}"` : ''}${messages.length ? ' aria-invalid="true"' : ''}${spec.required ? ' required' : ''}${spec.autocomplete ? ` autocomplete="${spec.autocomplete}"` : ''}${spec.inputmode ? ` inputmode="${spec.inputmode}"` : ''}`;
  let control: string;
  if (spec.type === 'textarea') control = `<textarea ${attrs}>${escapeHtml(spec.value ?? '')}</textarea>`;
  else if (spec.type === 'select')
    control = `<select ${attrs}>${(spec.options ?? []).map((o) => `<option value="${escapeHtml(o.value)}"${o.value === spec.value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`).join('')}</select>`;
  else control = `<input type="${spec.type ?? 'text'}" ${attrs} value="${spec.type === 'password' ? '' : escapeHtml(spec.value ?? '')}">`;
  const hint = spec.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>` : '';
  const error = messages.length ? `<p class="field-error" id="${id}-error">${escapeHtml(`${spec.label}: ${messages.join('; ')}`)}</p>` : '';
  return `<label for="${id}">${escapeHtml(spec.label)}</label>${hint}${control}${error}`;
}

export function noticeBox(notice: Notice | undefined): string {
  return notice ? `<div class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(notice.text)}</div>` : '';
}
