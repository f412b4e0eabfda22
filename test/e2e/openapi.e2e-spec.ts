import { Stack } from '@platform/testing';

/** The OpenAPI document is built from the routes and schemas that run, so it covers every route. */
describe('OpenAPI document', () => {
  let stack: Stack;
  type Document = { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters: Array<{ name: string; in: string }> }>> };
  let document: Document;
  let operatorDocument: Document;

  const fetchDocument = async (path: string) => {
    const response = await fetch(`${stack.url('gateway')}${path}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Document;
  };

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway'] });
    document = await fetchDocument('/openapi.json');
    operatorDocument = await fetchDocument('/openapi/operator.json');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('is OpenAPI 3.1, the merchant API in one document and the operator API in another', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(operatorDocument.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(operatorDocument.paths).filter((path) => !path.startsWith('/admin/'))).toEqual([]);
  });

  it('documents every merchant and operator route the gateway registered', () => {
    const started = stack
      .logs('gateway')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; routes?: string[] })
      .find((entry) => entry.msg === 'gateway listening');
    const registered = (started?.routes ?? [])
      .map((route) => route.split(' ') as [string, string])
      .filter(([, url]) => url.startsWith('/api/') || url.startsWith('/admin/'))
      .map(([method, url]) => `${method.toLowerCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    const documented = Object.entries({ ...document.paths, ...operatorDocument.paths }).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(registered.length).toBeGreaterThanOrEqual(10);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('describes request bodies and query parameters from the validating schemas', () => {
    const create = operatorDocument.paths['/admin/v1/merchants']!.post!;
    expect(create.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { base_currency: { enum: ['USD', 'EUR', 'AED', 'TRY'] } }, additionalProperties: false } } },
    });
    const bins = document.paths['/api/v4/bins/{bin}']!.get!;
    expect(bins.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'bin', in: 'path' }), expect.objectContaining({ name: 'amount', in: 'query' })]),
    );
  });

  it('serves readable reference pages at /docs/api and /docs/operator without scripts', async () => {
    const page = async (path: string) => {
      const response = await fetch(`${stack.url('gateway')}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      return response.text();
    };
    const merchantPage = await page('/docs/api');
    expect(merchantPage).toContain('/api/v4/bins/{bin}');
    expect(merchantPage).toContain('<code>Idempotency-Key</code> (header, required)');
    expect(merchantPage).not.toContain('/admin/v1/');
    expect(merchantPage).not.toContain('<script');
    const operatorPage = await page('/docs/operator');
    expect(operatorPage).toContain('/admin/v1/merchants/{merchantCode}/environments/{environment}');
    expect(operatorPage).not.toContain('<script');
  });
});
