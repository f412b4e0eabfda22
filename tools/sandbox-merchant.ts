import { OperatorClient } from '@platform/testing';

/**
 * Provisions a sandbox merchant through the operator API of a running gateway and
 * prints its credentials: `npm run sandbox-merchant [-- "Shop name"]`.
 */
async function main(): Promise<void> {
  const operator = new OperatorClient(process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080', process.env.ADMIN_TOKEN ?? 'dev-admin-token');
  const merchant = await operator.provisionMerchant({ name: process.argv[2] ?? 'Sandbox Shop' });
  process.stdout.write(
    [
      `merchant_code  ${merchant.merchantCode}`,
      `api_key        ${merchant.apiKey}`,
      `api_secret     ${merchant.apiSecret}   (shown once)`,
      'environment    sandbox, allowlist 127.0.0.1 and ::1',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n(is the platform running? npm start)\n`);
  process.exit(1);
});
