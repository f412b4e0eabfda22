import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DECLINED_AT_AUTH, DECLINED_AT_INITIALIZE, LATE_AUTH, SLOW_INITIALIZE } from './cards';

export interface StandInOptions {
  apiKey: string;
  secretKey: string;
  /** How long a "slow" answer waits: longer than the platform's processor timeout. */
  slowMs: number;
}

type Behaviour = 'approve' | 'late_auth' | 'declined_at_auth';

interface StoredPayment {
  paymentId: string;
  conversationId: string;
  conversationData: string;
  callbackUrl: string;
  price: string;
  currency: string;
  binNumber: string;
  lastFourDigits: string;
  behaviour: Behaviour;
  status: 'INIT_THREEDS' | 'CALLBACK_THREEDS' | 'SUCCESS' | 'FAILURE';
  errorCode?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stand-in for iyzico's payment API on loopback, following its documented protocol for the
 * calls the connector makes: IYZWSv2 request signing, 3-D Secure initialize (an HTML form
 * for the bank, base64), the bank's ACS page and its post back to the merchant's callbackUrl
 * with status, paymentId, conversationData, conversationId and mdStatus, 3-D Secure auth and
 * payment detail. Card numbers are used to choose a behaviour and never kept.
 */
export class IyzicoStandIn {
  private readonly payments = new Map<string, StoredPayment>();
  private server?: Server;
  url = '';

  constructor(private readonly options: StandInOptions) {}

  async listen(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      this.route(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'failure', errorCode: '1', errorMessage: String(error) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const path = (request.url ?? '/').split('?')[0]!;
    const acs = /^\/acs\/(\d+)(\/answer)?$/.exec(path);
    if (request.method === 'POST' && acs) return this.acs(acs[1]!, acs[2] !== undefined, new URLSearchParams(raw), response);
    if (request.method === 'GET' && path === '/_stand-in/initializations') return this.initializations(new URL(request.url!, this.url).searchParams, response);
    if (request.method !== 'POST') return json(response, 404, { status: 'failure', errorCode: '404', errorMessage: 'not found' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return json(response, 400, { status: 'failure', errorCode: '11', errorMessage: 'Geçersiz istek' });
    }
    if (!this.authorised(request, path, body))
      return json(response, 200, { status: 'failure', errorCode: '1001', errorMessage: 'api bilgileri bulunamadı', locale: 'tr' });
    switch (path) {
      case '/payment/3dsecure/initialize':
        return this.initialize(body, response);
      case '/payment/3dsecure/auth':
        return this.auth(body, response);
      case '/payment/detail':
        return this.detail(body, response);
      default:
        return json(response, 404, { status: 'failure', errorCode: '404', errorMessage: 'not found' });
    }
  }

  /**
   * Not iyzico's: the stand-in's own count of the 3-D Secure payments it was asked to start for
   * one card (BIN, last four) and price, so a test can tell how often the bank was called. Prices
   * compare by value: iyzico's `37.1` is the order's `37.10`.
   */
  private initializations(query: URLSearchParams, response: ServerResponse): void {
    const price = Number(query.get('price'));
    const count = [...this.payments.values()].filter(
      (payment) => payment.binNumber === query.get('bin') && payment.lastFourDigits === query.get('last_four') && Number(payment.price) === price,
    ).length;
    json(response, 200, { count });
  }

  /** IYZWSv2: base64 of `apiKey:K&randomKey:R&signature:S`, S the hex HMAC-SHA256 of R + path + JSON body. */
  private authorised(request: IncomingMessage, path: string, body: Record<string, unknown>): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('IYZWSv2 ')) return false;
    const params = Object.fromEntries(
      Buffer.from(header.slice('IYZWSv2 '.length), 'base64')
        .toString('utf8')
        .split('&')
        .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]),
    );
    if (params.apiKey !== this.options.apiKey || !params.randomKey || !params.signature) return false;
    const expected = createHmac('sha256', this.options.secretKey)
      .update(params.randomKey + path + JSON.stringify(body))
      .digest('hex');
    return expected.length === params.signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(params.signature));
  }

  private async initialize(body: Record<string, unknown>, response: ServerResponse): Promise<void> {
    const card = (body.paymentCard ?? {}) as Record<string, unknown>;
    const number = typeof card.cardNumber === 'string' ? card.cardNumber : '';
    const missing = ['price', 'paidPrice', 'currency', 'callbackUrl', 'conversationId'].filter((name) => typeof body[name] !== 'string' || body[name] === '');
    if (missing.length > 0 || !/^\d{13,19}$/.test(number) || typeof card.cvc !== 'string') {
      return json(response, 200, { status: 'failure', errorCode: '5', errorMessage: `Geçersiz istek: ${missing.join(', ') || 'paymentCard'}`, locale: 'tr' });
    }
    const declined = DECLINED_AT_INITIALIZE[number];
    if (declined) {
      return json(response, 200, {
        status: 'failure',
        errorCode: declined.code,
        errorGroup: declined.group,
        errorMessage: declined.message,
        locale: 'tr',
        conversationId: body.conversationId,
      });
    }
    const payment: StoredPayment = {
      paymentId: String(randomInt(10_000_000, 99_999_999)),
      conversationId: body.conversationId as string,
      conversationData: randomBytes(12).toString('hex'),
      callbackUrl: body.callbackUrl as string,
      price: body.price as string,
      currency: body.currency as string,
      binNumber: number.slice(0, 6),
      lastFourDigits: number.slice(-4),
      behaviour: number === LATE_AUTH ? 'late_auth' : number === DECLINED_AT_AUTH ? 'declined_at_auth' : 'approve',
      status: 'INIT_THREEDS',
    };
    this.payments.set(payment.paymentId, payment);
    if (number === SLOW_INITIALIZE) await sleep(this.options.slowMs);
    const bankForm = `<!doctype html><html><head><meta charset="utf-8"><title>3-D Secure</title></head>
<body onload="document.forms[0].submit()"><form method="post" action="${this.url}/acs/${payment.paymentId}">
<input type="hidden" name="paymentId" value="${payment.paymentId}"><noscript><button type="submit">Devam</button></noscript></form>
<script>document.forms[0].submit()</script></body></html>`;
    json(response, 200, {
      status: 'success',
      locale: 'tr',
      systemTime: Date.now(),
      conversationId: payment.conversationId,
      paymentId: payment.paymentId,
      threeDSHtmlContent: Buffer.from(bankForm).toString('base64'),
    });
  }

  /** The issuer's page: the customer confirms or refuses; the answer goes to the merchant's callback. */
  private acs(paymentId: string, answered: boolean, form: URLSearchParams, response: ServerResponse): void {
    const payment = this.payments.get(paymentId);
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Bilinmeyen işlem</p>');
      return;
    }
    if (!answered) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body><h1>Banka doğrulaması</h1>
<form method="post" action="/acs/${paymentId}/answer"><p>${payment.price} ${payment.currency} · **** ${payment.lastFourDigits}</p>
<button type="submit" name="choice" value="approve">Onayla</button><button type="submit" name="choice" value="refuse">Reddet</button></form></body></html>`);
      return;
    }
    const approved = form.get('choice') === 'approve';
    payment.status = 'CALLBACK_THREEDS';
    const fields = {
      status: approved ? 'success' : 'failure',
      paymentId,
      conversationData: payment.conversationData,
      conversationId: payment.conversationId,
      mdStatus: approved ? '1' : '0',
    };
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${payment.callbackUrl}">${inputs}</form><script>document.forms[0].submit()</script></body></html>`,
      );
  }

  private async auth(body: Record<string, unknown>, response: ServerResponse): Promise<void> {
    const payment = this.payments.get(String(body.paymentId));
    if (!payment || body.conversationData !== payment.conversationData) {
      return json(response, 200, { status: 'failure', errorCode: '5092', errorMessage: 'Ödeme bulunamadı', locale: 'tr' });
    }
    if (payment.status === 'CALLBACK_THREEDS') {
      if (payment.behaviour === 'declined_at_auth') {
        payment.status = 'FAILURE';
        payment.errorCode = '10051';
      } else {
        payment.status = 'SUCCESS';
      }
    }
    if (payment.behaviour === 'late_auth') await sleep(this.options.slowMs);
    json(response, 200, this.paymentView(payment));
  }

  private detail(body: Record<string, unknown>, response: ServerResponse): void {
    const payment = [...this.payments.values()].find(
      (candidate) => candidate.paymentId === body.paymentId || candidate.conversationId === body.paymentConversationId,
    );
    if (!payment) return json(response, 200, { status: 'failure', errorCode: '5092', errorMessage: 'Ödeme bulunamadı', locale: 'tr' });
    json(response, 200, this.paymentView(payment));
  }

  private paymentView(payment: StoredPayment): Record<string, unknown> {
    const common = {
      locale: 'tr',
      systemTime: Date.now(),
      conversationId: payment.conversationId,
      paymentId: payment.paymentId,
      paymentStatus: payment.status,
    };
    if (payment.status === 'FAILURE')
      return {
        ...common,
        status: 'failure',
        errorCode: payment.errorCode,
        errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
        errorGroup: 'NOT_SUFFICIENT_FUNDS',
      };
    return {
      ...common,
      status: 'success',
      price: payment.price,
      paidPrice: payment.price,
      currency: payment.currency,
      binNumber: payment.binNumber,
      lastFourDigits: payment.lastFourDigits,
      mdStatus: 1,
      installment: 1,
    };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
