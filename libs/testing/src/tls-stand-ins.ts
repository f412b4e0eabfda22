import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type RequestListener } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: Buffer;
  cert: Buffer;
}

/**
 * A self-signed certificate for the given host names, made by the machine's openssl. A browser
 * started with `ignoreHTTPSErrors` then treats those sites as secure contexts, as in production.
 */
export function selfSignedCertificate(hostnames: string[]): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'tls-stand-in-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${hostnames[0]}`,
        '-addext',
        `subjectAltName=${hostnames.map((name) => `DNS:${name}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An HTTPS server on a free loopback port; resolves with it and its port. */
export async function listenHttps(certificate: Certificate, handler: RequestListener): Promise<{ server: Server; port: number }> {
  const server = createServer(certificate, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

/**
 * The TLS-terminating ingress in front of a service, as deployed: HTTPS outside, plain HTTP to
 * the service with X-Forwarded-Proto, -Host and -For, which the service believes once it names
 * this proxy in TRUSTED_PROXIES. `target` is read per request, so the ingress may listen first.
 */
export function tlsIngress(target: () => string): RequestListener {
  return (incoming, outgoing) => {
    const upstream = new URL(incoming.url ?? '/', target());
    const forwarded = httpRequest(
      upstream,
      {
        method: incoming.method,
        headers: {
          ...incoming.headers,
          host: upstream.host,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': incoming.headers.host ?? '',
          'x-forwarded-for': incoming.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  };
}
