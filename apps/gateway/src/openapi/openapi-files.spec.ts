import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { NAMED_SCHEMAS } from './openapi-components';
import { PROBLEM_SCHEMA } from './openapi-document';
import { SCHEMA_EXAMPLES } from './openapi-examples';
import { DOCUMENT_FILES, SDK_TYPES_FILE, documentText, gatewayDocument, openApiEsm } from './openapi-files';

const read = (file: string) => readFileSync(join(__dirname, '..', '..', '..', '..', file), 'utf8');

interface Operation {
  parameters: Array<{ $ref?: string; name?: string; in?: string; schema?: { enum?: string[] } }>;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref?: string } }> }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
  components: { schemas: Record<string, unknown>; parameters?: Record<string, { name: string }> };
};

describe('the OpenAPI documents', () => {
  jest.setTimeout(60000);
  const merchant = gatewayDocument('merchant') as unknown as Document;
  const operator = gatewayDocument('operator') as unknown as Document;

  it.each(['merchant', 'operator'] as const)(
    '%s: the committed document is the one the routes build (run npm run openapi after changing a route)',
    (audience) => {
      expect(read(DOCUMENT_FILES[audience])).toBe(documentText(audience));
    },
  );

  it.each(['merchant', 'operator'] as const)('%s: valid OpenAPI 3.1 for an independent validator', (audience) => {
    expect(JSON.parse(openApiEsm('validate', DOCUMENT_FILES[audience]))).toEqual({ valid: true, errors: [] });
  });

  it("the SDK's types are the ones generated from the committed document", () => {
    expect(read(SDK_TYPES_FILE)).toBe(openApiEsm('types', DOCUMENT_FILES.merchant));
  });

  it('keeps merchant and operator routes apart', () => {
    expect(Object.keys(merchant.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(Object.keys(operator.paths).every((path) => path.startsWith('/admin/'))).toBe(true);
    expect(Object.keys(operator.paths).length).toBeGreaterThan(10);
  });

  it('names every resource and request body as a component and refers to it', () => {
    expect(Object.keys(merchant.components.schemas).sort()).toEqual([...Object.keys(NAMED_SCHEMAS), 'Problem'].sort());
    expect(merchant.paths['/api/v3/payments']!.post!.requestBody!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/CreatePaymentRequest',
    });
    expect(merchant.paths['/api/v3/payments/{code}']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Payment',
    });
    expect(JSON.stringify(merchant)).not.toMatch(/"\$ref":"#\/components\/schemas\/[A-Za-z]+\//);
  });

  it('documents the signature, idempotency, scenario and correlation headers where they apply', () => {
    const names = (operation: Operation) =>
      operation.parameters.map((p) => (p.$ref ? merchant.components.parameters![p.$ref.split('/').pop()!]!.name : p.name));
    expect(names(merchant.paths['/api/v3/refunds']!.post!)).toEqual(
      expect.arrayContaining(['X-CAV-Timestamp', 'X-CAV-Signature', 'Idempotency-Key', 'X-CAV-Sandbox-Scenario', 'X-Correlation-Id']),
    );
    expect(merchant.paths['/api/v3/refunds']!.post!.parameters.find((p) => p.name === 'X-CAV-Sandbox-Scenario')!.schema!.enum).toEqual([
      'completed',
      'rejected',
    ]);
    expect(names(merchant.paths['/api/v4/orders']!.post!)).toEqual(
      expect.arrayContaining(['X-CEK-Environment', 'X-CEK-Merchant-Code', 'X-CEK-Timestamp', 'X-CEK-Signature']),
    );
    expect(names(merchant.paths['/api/v4/orders']!.post!)).not.toContain('Idempotency-Key');
    expect(names(merchant.paths['/api/v3/refunds']!.get!)).not.toContain('Idempotency-Key');
    expect(Object.keys(merchant.paths['/api/v3/payments']!.post!.responses['201']!.headers!)).toEqual([
      'X-Correlation-Id',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
    ]);
    expect(Object.keys(merchant.paths['/api/v3/payments']!.post!.responses['429']!.headers!)).toContain('Retry-After');
  });

  it("speaks OpenAPI 3.1's JSON Schema: null is a type, never 3.0's nullable", () => {
    for (const document of [merchant, operator]) expect(JSON.stringify(document)).not.toContain('"nullable"');
    const payment = merchant.components.schemas.Payment as { properties: Record<string, unknown> };
    expect(payment.properties.merchant_reference).toEqual({ type: ['string', 'null'] });
  });

  it('closes the requests the API refuses unknown fields of, and lets answers and webhook bodies gain fields', () => {
    const closed = Object.entries(merchant.components.schemas)
      .filter(([, schema]) => (schema as { additionalProperties?: unknown }).additionalProperties === false)
      .map(([name]) => name);
    expect(closed.sort()).toEqual(
      [
        'CreateOrderRequest',
        'CreatePaymentRequest',
        'CreateReversalRequest',
        'CreateWithdrawalRequest',
        'DisputeEvidenceRequest',
        'SandboxDisputeRequest',
        'SandboxOrderResultRequest',
      ].sort(),
    );
    expect(JSON.stringify(merchant.components.schemas.PaymentEvent)).not.toContain('additionalProperties');
  });

  it('answers the sandbox webhook stream as text/event-stream', () => {
    expect(Object.keys(merchant.paths['/api/v3/sandbox/webhook-stream']!.get!.responses['200']!.content!)).toEqual(['text/event-stream']);
  });

  it('lists every webhook the merchant receives with its body and signature headers', () => {
    expect(Object.keys(merchant.webhooks!).sort()).toEqual([
      'checkout.order.failed',
      'checkout.order.succeeded',
      'payment.failed',
      'payment.paid',
      'payment.refunded',
    ]);
    const refunded = merchant.webhooks!['payment.refunded']!.post;
    expect(refunded.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/PaymentRefundedEvent' });
    expect(refunded.parameters.map((p) => p.name)).toEqual(['X-CAV-Timestamp', 'X-CAV-Signature', 'X-CAV-Event-Id', 'X-CAV-Event-Type', 'X-CAV-Environment']);
    expect(merchant.webhooks!['checkout.order.failed']!.post.parameters.map((p) => p.name)).toEqual([
      'X-CEK-Timestamp',
      'X-CEK-Signature',
      'X-CEK-Event-Id',
      'X-CEK-Environment',
    ]);
  });

  it.each(Object.entries(SCHEMA_EXAMPLES).filter(([name]) => name !== 'Problem'))('the %s examples are valid for their schema', (name, examples) => {
    for (const example of examples) {
      const parsed = NAMED_SCHEMAS[name]!.safeParse(example);
      expect(parsed.error?.issues).toBeUndefined();
      // Nothing left out by the parse: every field of the example is one the schema has.
      expect(parsed.data).toEqual(example);
    }
  });

  it('the Problem example is a problem body', () => {
    const validate = new Ajv({ strict: false }).compile(PROBLEM_SCHEMA);
    for (const example of SCHEMA_EXAMPLES.Problem!) expect(validate(example) ? [] : validate.errors).toEqual([]);
  });
});
