import { roleMay, type OperatorCapability, type OperatorRole } from '@platform/contracts';
import { PAGE_STYLE, csrfField, escapeHtml, noticeBox, scrollable, type Notice } from '@platform/web-auth';

export interface Chrome {
  csrf: string;
  email: string;
  role: OperatorRole;
  /** The path of the page, to mark its menu entry. */
  path: string;
}

const MENU: Array<{ path: string; label: string; may?: OperatorCapability }> = [
  { path: '/', label: 'Overview' },
  { path: '/withdrawals', label: 'Withdrawals' },
  { path: '/reversals', label: 'Refunds and voids' },
  { path: '/disputes', label: 'Disputes' },
  { path: '/merchants', label: 'Merchants' },
  { path: '/maintenance', label: 'Maintenance' },
  { path: '/rates', label: 'FX and USDT rates' },
  { path: '/bins', label: 'BIN table' },
  { path: '/parked-events', label: 'Parked events' },
  { path: '/trial-balance', label: 'Trial balance' },
  { path: '/audit', label: 'Audit log' },
  { path: '/operators', label: 'Operators', may: 'operators' },
];

/** Queues are wide tables with a form per row: the page uses the screen's width and the forms stay compact. */
const CONSOLE_STYLE = `main{max-width:none;margin:1rem 1.5rem}.list td:first-child{min-width:10rem}.list code{white-space:normal;word-break:break-all;font-size:.85rem}
td form{display:flex;flex-wrap:wrap;gap:.25rem .4rem;align-items:flex-end;margin:0 0 .35rem}td form label{font-size:.8rem;margin:0;width:100%}
td form input,td form select{width:auto;min-width:9rem;padding:.3rem}td button{margin:0;padding:.3rem .7rem}`;

function frame(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Card Platform console</title><style>${PAGE_STYLE}${CONSOLE_STYLE}</style></head>
<body><a class="skip" href="#content">Skip to content</a>${body}</body></html>`;
}

/** A page outside the signed-in area: sign-in, its second step, set-up links. */
export function publicPage(title: string, body: string, notice?: Notice): string {
  return frame(title, `<main id="content"><div class="card"><h1>${escapeHtml(title)}</h1>${noticeBox(notice)}${body}</div></main>`);
}

/** A signed-in page: who (and with which role), the menu, then the content. */
export function consolePage(chrome: Chrome, title: string, body: string, notice?: Notice): string {
  const menu = MENU.filter((item) => !item.may || roleMay(chrome.role, item.may))
    .map((item) => `<li><a href="${item.path}"${item.path === chrome.path ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a></li>`)
    .join('');
  const header = `<header><div><strong>Card Platform console</strong></div>
<form method="post" action="/sign-out">${csrfField(chrome.csrf)}<span data-operator>${escapeHtml(chrome.email)} (${escapeHtml(chrome.role)})</span><button type="submit" class="secondary" style="margin:0">Sign out</button></form></header>`;
  return frame(
    title,
    `${header}<nav aria-label="Console"><ul>${menu}</ul></nav><main id="content"><h1>${escapeHtml(title)}</h1>${noticeBox(notice)}${body}</main>`,
  );
}

/** A table of rows, or a line saying there are none. Cells are HTML: escape text before. */
export function table(label: string, headings: string[], rows: string[][], empty = 'Nothing here.'): string {
  if (rows.length === 0) return `<p>${escapeHtml(empty)}</p>`;
  const head = headings.map((heading) => `<th scope="col">${escapeHtml(heading)}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<div class="table-wrap list" ${scrollable(label)}><table><caption class="skip">${escapeHtml(label)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** A one-button (or few-field) POST form inside a table cell or a card; `fields` is HTML. */
export function actionForm(csrf: string, action: string, label: string, fields = '', kind: 'primary' | 'secondary' | 'danger' = 'primary'): string {
  const className = kind === 'primary' ? '' : ` class="${kind}"`;
  return `<form method="post" action="${escapeHtml(action)}">${csrfField(csrf)}${fields}<button type="submit"${className}>${escapeHtml(label)}</button></form>`;
}

/** An inline text input for an action form, labelled for screen readers. */
export function inlineInput(name: string, label: string, options: { pattern?: string; required?: boolean; id: string; value?: string } = { id: name }): string {
  const pattern = options.pattern ? ` pattern="${escapeHtml(options.pattern)}"` : '';
  return `<label for="${escapeHtml(options.id)}">${escapeHtml(label)}</label><input id="${escapeHtml(options.id)}" name="${escapeHtml(name)}"${pattern}${options.required === false ? '' : ' required'} value="${escapeHtml(options.value ?? '')}">`;
}

/** The filters of a list as a GET form: each a select of its values, "any" first. */
export function filterForm(
  action: string,
  filters: Array<{ name: string; label: string; values: readonly string[]; selected?: string; any?: string }>,
  search?: { name: string; label: string; value?: string },
): string {
  const selects = filters
    .map((filter) => {
      const options = [
        filter.any === undefined ? '' : `<option value="">${escapeHtml(filter.any)}</option>`,
        ...filter.values.map((value) => `<option value="${escapeHtml(value)}"${value === filter.selected ? ' selected' : ''}>${escapeHtml(value)}</option>`),
      ].join('');
      return `<div><label for="filter-${filter.name}">${escapeHtml(filter.label)}</label><select id="filter-${filter.name}" name="${filter.name}">${options}</select></div>`;
    })
    .join('');
  const searchField = search
    ? `<div><label for="filter-${search.name}">${escapeHtml(search.label)}</label><input id="filter-${search.name}" name="${search.name}" value="${escapeHtml(search.value ?? '')}"></div>`
    : '';
  return `<form method="get" action="${escapeHtml(action)}" class="filters card">${selects}${searchField}<div><button type="submit" class="secondary">Show</button></div></form>`;
}

/** Previous and next links of a paged list, keeping its filters. */
export function pager(path: string, query: Record<string, string | undefined>, meta: { page: number; total_pages: number; total: number }): string {
  const link = (page: number, text: string) => {
    const params = new URLSearchParams(Object.entries({ ...query, page: String(page) }).filter((entry): entry is [string, string] => !!entry[1]));
    return `<a href="${escapeHtml(`${path}?${params.toString()}`)}">${escapeHtml(text)}</a>`;
  };
  const previous = meta.page > 1 ? link(meta.page - 1, 'Previous page') : '';
  const next = meta.page < meta.total_pages ? link(meta.page + 1, 'Next page') : '';
  return `<div class="pager"><span>Page ${meta.page} of ${Math.max(meta.total_pages, 1)} · ${meta.total} in all</span>${previous}${next}</div>`;
}

export const code = (value: unknown) => `<code>${escapeHtml(value)}</code>`;
