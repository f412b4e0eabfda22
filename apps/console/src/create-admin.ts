import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@platform/contracts';
import { createServiceDataSource } from '@platform/persistence';
import { ConfigError, SystemClock, databaseUrlOf, loadConfig } from '@platform/service-kit';
import { AddressThrottle } from '@platform/web-auth';
import { ConfigSchema } from './config';
import { consoleKey } from './auth/console-key';
import { OperatorAuthService } from './auth/operator-auth.service';
import { DATABASE } from './database';
import { OperatorRepository } from './operators/operator.repository';

const USAGE = 'usage: npm run console:create-admin -- --email <address> [--role admin|finance|support|viewer]';

/**
 * The first admin of the console (or another operator, for an e-mail address not yet used):
 * never a default account. Prints a set-up link that works once; the operator sets a password through it and
 * adds an authenticator app at the first sign-in. Runs where the console's configuration is
 * (the console's pod, or `npm start`'s environment), after its migrations.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
  const email = values.email?.trim();
  if (!email || email.length > 150 || !/^[^@\s]+@[^@\s]+$/.test(email) || !(OPERATOR_ROLES as readonly string[]).includes(values.role ?? '')) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const config = loadConfig('console create-admin', ConfigSchema);
  const dataSource = createServiceDataSource({ url: databaseUrlOf(config, DATABASE.schema), schema: DATABASE.schema, migrations: [], poolSize: 1 });
  await dataSource.initialize();
  try {
    const operators = new OperatorRepository(dataSource);
    const clock = new SystemClock();
    const unused = new AddressThrottle(dataSource, 'console.address_sign_in_failures', () => clock.now(), 60_000, 1);
    const auth = new OperatorAuthService(operators, unused, clock, config, consoleKey(config));
    const { operator, link } = await auth.createOperator(
      { email, role: values.role as OperatorRole, createdBy: 'console:create-admin', creatorId: null },
      `create-admin-${Date.now()}`,
    );
    process.stdout.write(`operator ${operator.email} (${operator.role}) created; set-up link (works once, ${config.SETUP_LINK_HOURS} h):\n${link}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`console create-admin failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
