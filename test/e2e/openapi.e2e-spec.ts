import { Stack } from '@platform/testing';

/** The OpenAPI document is built from the routes and schemas that run, so it covers every route. */
describe('OpenAPI document', () => {
  let stack: Stack;
  let document: { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters: Array<{ name: string; in: string }> }>> };

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway'] });
    const response = await fetch(`${stack.url('gateway')}/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as typeof document;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
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
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(registered.length).toBeGreaterThanOrEqual(10);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('describes request bodies and query parameters from the validating schemas', () => {
    const create = document.paths['/admin/v1/merchants']!.post!;
    expect(create.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { base_currency: { enum: ['USD', 'EUR', 'AED', 'TRY'] } }, additionalProperties: false } } },
    });
    const bins = document.paths['/api/v4/bins/{bin}']!.get!;
    expect(bins.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'bin', in: 'path' }), expect.objectContaining({ name: 'amount', in: 'query' })]),
    );
  });

  it('serves a readable page at /docs without scripts', async () => {
    const response = await fetch(`${stack.url('gateway')}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('/api/v4/bins/{bin}');
    expect(html).toContain('/admin/v1/merchants/{merchantCode}/environments/{environment}');
    expect(html).not.toContain('<script');
  });
});
