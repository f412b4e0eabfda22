import { parseArgs } from 'node:util';
import { CardPlatform } from '../client.js';
import { ApiError, isApiError } from '../errors.js';
import { clientOptions, configPath, loadProfile, saveProfile, UsageError, type Profile } from './config.js';
import { listen } from './listen.js';
import { Output } from './output.js';
import { deliveries, httpUrl, orders, payments, required, type Flags } from './resources.js';
import { trigger, TRIGGERS } from './trigger.js';
import { webhookCheck } from './webhook-check.js';

const HELP = `card-platform: the sandbox from your terminal

  login --api-key K --secret S --merchant-code MRC-000000 [--base-url URL]
        checks the sandbox key, then keeps it in ${configPath()} (0600)
  payments create --amount 10.00 [--currency TRY] [--reference R] [--return-url U]
  payments get CODE
  orders create --amount 10.00 (--bin 540061 | --card 4355090000044242 [--expiry 12/30] [--cvv 123]) [--id ID]
  orders get ID
  deliveries list [--status pending|delivered|failed] [--page N]
  deliveries show ID
  deliveries retry ID
  trigger ${TRIGGERS.join('|')}
  listen --forward-to http://localhost:PORT/path
        forwards every sandbox webhook, signed as delivered, to your local server
  webhook-check --url URL [--scheme v3|v4] [--secret S]
        sends your endpoint valid and invalid deliveries and reports what it got wrong

  --json   machine-readable output (one JSON document; listen: one line per webhook)`;

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'api-key': { type: 'string' },
  secret: { type: 'string' },
  'merchant-code': { type: 'string' },
  'base-url': { type: 'string' },
  amount: { type: 'string' },
  currency: { type: 'string' },
  reference: { type: 'string' },
  'return-url': { type: 'string' },
  'idempotency-key': { type: 'string' },
  id: { type: 'string' },
  bin: { type: 'string' },
  card: { type: 'string' },
  expiry: { type: 'string' },
  cvv: { type: 'string' },
  holder: { type: 'string' },
  code: { type: 'string' },
  status: { type: 'string' },
  page: { type: 'string' },
  'per-page': { type: 'string' },
  'forward-to': { type: 'string' },
  url: { type: 'string' },
  scheme: { type: 'string' },
} as const;

async function login(flags: Flags, out: Output): Promise<void> {
  const profile: Profile = {
    base_url: (flags['base-url'] as string | undefined) ?? 'http://127.0.0.1:8080',
    api_key: required(flags, 'api-key'),
    secret: (flags.secret as string | undefined) ?? process.env.CARD_PLATFORM_SECRET ?? required(flags, 'secret'),
    merchant_code: required(flags, 'merchant-code'),
  };
  // A signed sandbox call proves key, secret, merchant code and environment before anything is kept.
  await out.waiting('checking the key against the sandbox', () => new CardPlatform(clientOptions(profile)).bins.get('540061', '1.00'));
  saveProfile(profile);
  out.result(
    { logged_in: true, merchant_code: profile.merchant_code, base_url: profile.base_url, config: configPath() },
    (r) => `logged in as ${r.merchant_code} at ${r.base_url}; key kept in ${r.config}`,
  );
}

export async function run(argv: string[], out?: Output): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  const flags = parsed.values as Flags;
  const [command, action, ...rest] = parsed.positionals;
  const output = out ?? new Output(Boolean(flags.json));
  if (!command || flags.help || command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return command || flags.help ? 0 : 2;
  }
  try {
    if (command === 'login') {
      await login(flags, output);
      return 0;
    }
    if (command === 'webhook-check') {
      const secret = (flags.secret as string | undefined) ?? loadProfile().secret;
      const scheme = ((flags.scheme as string | undefined) ?? 'v4') as 'v3' | 'v4';
      if (scheme !== 'v3' && scheme !== 'v4') throw new UsageError('--scheme is v3 or v4');
      return (await webhookCheck(httpUrl(flags, 'url'), scheme, secret, output)) ? 0 : 1;
    }
    const profile = loadProfile();
    const client = new CardPlatform(clientOptions(profile));
    const args = action === undefined ? rest : [action, ...rest];
    switch (command) {
      case 'payments':
        await payments(client, action, rest, flags, output);
        return 0;
      case 'orders':
        await orders(client, action, rest, flags, output);
        return 0;
      case 'deliveries':
        await deliveries(client, action, rest, flags, output);
        return 0;
      case 'trigger':
        await trigger(client, args[0], output);
        return 0;
      case 'listen': {
        const stop = new AbortController();
        process.once('SIGINT', () => stop.abort());
        process.once('SIGTERM', () => stop.abort());
        await listen(profile, httpUrl(flags, 'forward-to'), output, stop.signal).catch((error: unknown) => {
          if (!stop.signal.aborted) throw error;
        });
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}\n\n${HELP}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (isApiError(error)) {
      const problem = (error as ApiError).problem;
      if (output.json) process.stdout.write(`${JSON.stringify(problem, null, 2)}\n`);
      process.stderr.write(`refused: ${problem.code} ${problem.title} (${problem.status}): ${problem.metadata.developer_detail || problem.detail}\n`);
      for (const [field, messages] of Object.entries(problem.errors ?? {})) process.stderr.write(`  ${field}: ${messages.join('; ')}\n`);
      process.stderr.write(`  what to do: ${problem.metadata.retry_class}; correlation id ${problem.correlation_id}\n`);
      return 1;
    }
    process.stderr.write(`error: ${(error as Error).message}\n`);
    return 1;
  }
}
