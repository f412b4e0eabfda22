import { runMigrationCli } from '@platform/service-kit';
import { DATABASE } from './database';

runMigrationCli('orders-v4', DATABASE);
