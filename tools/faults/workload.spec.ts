import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProvisionedMerchant } from '@platform/testing';
import { SeededRandom } from './random';
import { Workload, type Operation } from './workload';

const merchant: ProvisionedMerchant = {
  merchantCode: 'MRC-000001',
  accountNumber: '0000001',
  environment: 'sandbox',
  apiKey: 'key',
  apiSecret: 'secret',
  keyVersion: 1,
};

/**
 * A gateway, as the spec describes it, for one hosted order: the first sandbox result closes the
 * order and is then cut off before its answer leaves, as a killed gateway would; a repeat is
 * refused with 0055404, the order being closed; a read returns it paid.
 */
function gatewayThatLosesTheFirstResult(): Promise<{ server: Server; url: string }> {
  let status = 'requires_hosted';
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const json = (code: number, body: unknown) => response.writeHead(code, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (request.method === 'POST' && request.url === '/api/v4/orders') return json(201, { data: { order_code: '123456789', status } });
      if (request.method === 'POST' && request.url?.endsWith('/result')) {
        if (status !== 'requires_hosted') return json(409, { code: '0055404', message: 'The order is already closed' });
        status = 'paid';
        return request.socket.destroy();
      }
      if (request.method === 'GET' && request.url?.startsWith('/api/v4/orders/')) return json(200, { data: { order_code: '123456789', status } });
      json(404, { code: '0055402', message: 'No such order' });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe('the fault suite’s merchant client', () => {
  it('reads an order whose sandbox result was answered only by a refusal: its lost answer had paid it', async () => {
    const { server, url } = await gatewayThatLosesTheFirstResult();
    try {
      const workload = new Workload(() => url, merchant, 1);
      workload['deadline'] = Date.now() + 10_000;
      const order: Operation = { kind: 'order', key: 'order-lost-answer', amount: '81.65', outcome: 'unanswered', attempts: 0 };
      await workload['perform'](order, undefined, new SeededRandom(1));
      expect(order).toMatchObject({ outcome: 'ok', state: 'paid', code: '123456789' });
    } finally {
      server.close();
    }
  });
});
