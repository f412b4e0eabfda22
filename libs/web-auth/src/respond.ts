import type { FastifyReply, FastifyRequest } from 'fastify';

/** No script, nothing from elsewhere, never framed, cached or told where the user came from. */
export function sendHtml(reply: FastifyReply, status: number, html: string): void {
  void reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/** After a POST: the next page by GET (303), so a reload never repeats the change. */
export function redirect(reply: FastifyReply, location: string): void {
  void reply.status(303).header('location', location).header('cache-control', 'no-store').send();
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * HttpOnly always, SameSite=Strict unless `sameSite` says Lax (only for a cookie that must come
 * back on a top-level navigation from another site, as a single sign-on's answer does); Secure
 * whenever the user's connection is TLS (directly or at a trusted proxy).
 */
export function setCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  name: string,
  value: string,
  maxAgeSeconds?: number,
  sameSite: 'Strict' | 'Lax' = 'Strict',
): void {
  const attributes = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', `SameSite=${sameSite}`];
  if (request.protocol === 'https') attributes.push('Secure');
  if (maxAgeSeconds !== undefined) attributes.push(`Max-Age=${maxAgeSeconds}`);
  const existing = reply.getHeader('set-cookie');
  const cookies = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  void reply.header('set-cookie', [...cookies, attributes.join('; ')]);
}

export function clearCookie(reply: FastifyReply, request: FastifyRequest, name: string): void {
  setCookie(reply, request, name, '', 0);
}

/** A form's fields as strings; anything else (arrays, a JSON body) reads as missing. */
export function formOf(body: unknown): Record<string, string> {
  const form: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') form[name] = value;
  }
  return form;
}
