import { IyzicoStandIn } from './server';

/** Runs the iyzico stand-in as a process of its own: PORT, IYZICO_API_KEY, IYZICO_SECRET_KEY, SLOW_MS. */
async function main(): Promise<void> {
  const standIn = new IyzicoStandIn({
    apiKey: process.env.IYZICO_API_KEY ?? 'sandbox-stand-in-key',
    secretKey: process.env.IYZICO_SECRET_KEY ?? 'sandbox-stand-in-secret',
    slowMs: Number(process.env.SLOW_MS ?? 3000),
  });
  const url = await standIn.listen(Number(process.env.PORT ?? 0));
  process.stdout.write(`iyzico stand-in listening at ${url}\n`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
