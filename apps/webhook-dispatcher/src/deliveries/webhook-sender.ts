import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { dnsResolver, isLoopbackAddress, isPublicAddress, type Resolver } from '@platform/egress';
import { untraced } from '@platform/observability';
import type { DeliveryErrorCode } from './delivery-errors';

export interface SendOutcome {
  delivered: boolean;
  statusCode: number | null;
  errorCode: DeliveryErrorCode | null;
  /** The raw reason, kept as the legacy `last_error`. */
  error: string | null;
  durationMs: number;
}

export interface SenderOptions {
  allowLoopback: boolean;
  resolve?: Resolver;
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
  dnsTimeoutMs?: number;
  maxResponseBytes?: number;
}

/** Idle keep-alive connections close sooner than common servers' 5 s, so a reused one is rarely closed under us. */
const IDLE_CONNECTION_MS = 4000;

type Posted = Omit<SendOutcome, 'durationMs'> & { staleConnection?: boolean };

type Target = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; errorCode: DeliveryErrorCode; error: string };

/**
 * Sends one signed notification, refusing anything but public HTTPS: the host is resolved
 * once, every address checked, and the connection pinned to the checked address (no DNS
 * rebinding). No redirect is followed; 3 s to connect, 10 s for the answer, and at most a
 * few kilobytes of it are read.
 *
 * Connections are kept alive between deliveries to the same host and port (a backlog to one
 * merchant costs one handshake per slot, not per delivery). A kept connection was opened to
 * an address checked then, so reusing it never reaches an address that was not checked. A
 * kept connection the receiver closed meanwhile is retried once on a new one.
 */
export class WebhookSender {
  private readonly resolve: Resolver;
  private readonly connectTimeoutMs: number;
  private readonly responseTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly dnsTimeoutMs: number;
  private readonly httpAgent = new HttpAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });

  constructor(private readonly options: SenderOptions) {
    this.resolve = options.resolve ?? dnsResolver;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 3000;
    this.responseTimeoutMs = options.responseTimeoutMs ?? 10000;
    this.maxResponseBytes = options.maxResponseBytes ?? 4096;
    this.dnsTimeoutMs = options.dnsTimeoutMs ?? 2000;
  }

  async send(rawUrl: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    const started = Date.now();
    const target = await this.target(rawUrl);
    if (!target.ok) return { delivered: false, statusCode: null, errorCode: target.errorCode, error: target.error, durationMs: Date.now() - started };
    let posted = await this.post(target, headers, body, true);
    if (posted.staleConnection) posted = await this.post(target, headers, body, false);
    const { staleConnection: _, ...outcome } = posted;
    return { ...outcome, durationMs: Date.now() - started };
  }

  private async target(rawUrl: string): Promise<Target> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { ok: false, errorCode: 'invalid_webhook_target', error: 'not an absolute URL' };
    }
    if (url.username || url.password) return { ok: false, errorCode: 'invalid_webhook_target', error: 'user info in the address' };
    const notHttps: Target = { ok: false, errorCode: 'invalid_webhook_target', error: `${url.protocol} is not https` };
    // Plain HTTP only to the loopback interface, and only when tests allow it.
    const httpMayBeAllowed = this.options.allowLoopback && url.protocol === 'http:';
    if (url.protocol !== 'https:' && !httpMayBeAllowed) return notHttps;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await this.resolveWithin(host);
    } catch (error) {
      return { ok: false, errorCode: 'webhook_unreachable', error: `DNS: ${(error as Error).message}` };
    }
    if (addresses.length === 0) return { ok: false, errorCode: 'webhook_unreachable', error: 'DNS: no address' };
    const allowed = (address: string) => isPublicAddress(address) || (this.options.allowLoopback && isLoopbackAddress(address));
    const refused = addresses.find((address) => !allowed(address));
    if (refused) return { ok: false, errorCode: 'webhook_target_private_network', error: `${host} resolves to ${refused}` };
    if (url.protocol === 'http:' && !addresses.every(isLoopbackAddress)) return notHttps;
    const address = addresses[0]!;
    return { ok: true, url, address, family: isIP(address) === 6 ? 6 : 4 };
  }

  private resolveWithin(host: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.dnsTimeoutMs} ms`)), this.dnsTimeoutMs);
    });
    return Promise.race([this.resolve(host), timeout]).finally(() => clearTimeout(timer));
  }

  /** Closes the kept connections (on shutdown). */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private post(target: Extract<Target, { ok: true }>, headers: Record<string, string>, body: string, mayReuse: boolean): Promise<Posted> {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all)
        (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const payload = Buffer.from(body, 'utf8');
    const https = target.url.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      /** Only a connection that carried a whole answer is kept; any other ends here. */
      const finish = (outcome: Posted, keepConnection = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        clearTimeout(responseTimer);
        if (!keepConnection) request.destroy();
        resolve(outcome);
      };
      // The attempt has its span already; the merchant gets the spec's headers and no `traceparent`.
      const request = untraced(() =>
        send(target.url, {
          method: 'POST',
          lookup: pinned,
          agent: mayReuse ? (https ? this.httpsAgent : this.httpAgent) : false,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length), 'user-agent': 'platform-webhooks/1' },
        }),
      );
      const connectTimer = setTimeout(
        () => finish({ delivered: false, statusCode: null, errorCode: 'webhook_unreachable', error: `no connection within ${this.connectTimeoutMs} ms` }),
        this.connectTimeoutMs,
      );
      const responseTimer = setTimeout(
        () => finish({ delivered: false, statusCode: null, errorCode: 'webhook_delivery_failed', error: `no answer within ${this.responseTimeoutMs} ms` }),
        this.responseTimeoutMs,
      );
      request.on('socket', (socket) => {
        if (request.reusedSocket) clearTimeout(connectTimer);
        else socket.once(https ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        const closedMeanwhile = request.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(error.code ?? '');
        const unreachable = ['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ETIMEDOUT'].includes(error.code ?? '');
        finish({
          delivered: false,
          statusCode: null,
          errorCode: unreachable ? 'webhook_unreachable' : 'webhook_delivery_failed',
          error: error.code ? `${error.code}: ${error.message}` : error.message,
          staleConnection: closedMeanwhile,
        });
      });
      request.on('response', (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        const done = (keepConnection: boolean) =>
          finish(
            status >= 200 && status < 300
              ? { delivered: true, statusCode: status, errorCode: null, error: null }
              : { delivered: false, statusCode: status, errorCode: 'webhook_response_unsuccessful', error: `HTTP ${status}` },
            keepConnection,
          );
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= this.maxResponseBytes) done(false);
        });
        response.on('end', () => done(true));
        response.on('error', () => done(false));
      });
      request.end(payload);
    });
  }
}
