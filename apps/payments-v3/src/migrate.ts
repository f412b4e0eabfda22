import { runMigrationCli } from '@platform/service-kit';
import { DATABASE } from './database';

runMigrationCli('payments-v3', DATABASE);
