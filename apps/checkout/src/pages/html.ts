/** Escapes text for HTML bodies and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The frame of every customer page: no script, no external resource. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1d2330}
.card{border:1px solid #d6dae3;border-radius:8px;padding:1.5rem}.amount{font-size:1.6rem;font-weight:600}
button{font-size:1rem;padding:.6rem 1rem;margin:.3rem .3rem 0 0;border-radius:6px;border:1px solid #345;background:#fff;cursor:pointer}
button.primary,a.button.primary{background:#234;color:#fff}
a.button{display:inline-block;font-size:1rem;padding:.6rem 1rem;border-radius:6px;border:1px solid #345;text-decoration:none}.muted{color:#5b6475;font-size:.9rem}</style></head>
<body><main class="card">${body}</main></body></html>`;
}
