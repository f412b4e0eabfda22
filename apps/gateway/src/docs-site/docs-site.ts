import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { renderErrorReference } from './error-reference';

const PAGES_DIR = join(__dirname, 'pages');

/** The navigation, in reading order; every entry is a page of pages/ or a rendered one. */
export const DOCS_NAV: ReadonlyArray<{ slug: string; title: string }> = [
  { slug: '', title: 'Overview' },
  { slug: 'quickstart', title: 'Quickstart' },
  { slug: 'sdk-and-cli', title: 'SDK and CLI' },
  { slug: 'test-cards', title: 'Test cards and BINs' },
  { slug: 'webhooks', title: 'Webhooks' },
  { slug: 'idempotency', title: 'Idempotency' },
  { slug: 'errors', title: 'Errors' },
  { slug: 'api', title: 'API reference' },
];

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The markdown of a guide page, or undefined for a name that is not one. */
function guide(slug: string): string | undefined {
  if (slug === 'errors') return renderErrorReference().replace(/<!--[\s\S]*?-->\n?/g, '');
  const file = readdirSync(PAGES_DIR).find((name) => name === `${slug || 'index'}.md`);
  return file ? readFileSync(join(PAGES_DIR, file), 'utf8') : undefined;
}

/** One page of the site around `body` (HTML): the navigation, readable on a phone, no scripts. */
export function docsLayout(title: string, slug: string, body: string): string {
  const nav = DOCS_NAV.map(
    (entry) => `<li><a href="/docs${entry.slug ? `/${entry.slug}` : ''}"${entry.slug === slug ? ' aria-current="page"' : ''}>${escape(entry.title)}</a></li>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Card payment platform docs</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,sans-serif;color:#1b1f24;background:#fff}
.wrap{display:flex;flex-wrap:wrap;max-width:72rem;margin:0 auto}
nav{flex:0 0 14rem;padding:1.5rem 1rem;border-right:1px solid #d0d7de}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:.35rem 0}
nav a{color:#0b4f9c;text-decoration:none}nav a[aria-current]{font-weight:700;color:#1b1f24}
main{flex:1 1 30rem;min-width:0;padding:1.5rem 2rem;overflow-wrap:anywhere}
a{color:#0b4f9c}a:focus{outline:3px solid #f0b400;outline-offset:2px}
code{background:#f1f3f5;padding:.1rem .3rem;border-radius:3px;font-size:.92em}
pre{background:#f1f3f5;padding:.8rem;overflow:auto;border-radius:4px}pre code{padding:0;background:none}
table{border-collapse:collapse;display:block;overflow-x:auto;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:.35rem .6rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}
section{border-top:1px solid #d0d7de;padding:.5rem 0}.m{background:#234;color:#fff;padding:0 .4rem;border-radius:3px}
@media (max-width:40rem){nav{flex-basis:100%;border-right:0;border-bottom:1px solid #d0d7de}main{padding:1rem}}
</style></head><body><div class="wrap"><nav aria-label="Documentation"><ul>${nav}</ul></nav><main>${body}</main></div></body></html>`;
}

/** A guide page of the site, or undefined when there is none by that name. */
export function renderGuide(slug: string): string | undefined {
  const text = guide(slug);
  if (text === undefined) return undefined;
  const title = /^# (.+)$/m.exec(text)?.[1] ?? 'Docs';
  return docsLayout(title, slug, markdown.render(text));
}
