import { runMigrationCli } from '@platform/service-kit';
import { DATABASE } from './database';

runMigrationCli('console', DATABASE);
