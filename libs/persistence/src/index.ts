export * from './sql-executor';
export * from './identifiers';
export * from './database-urls';
export * from './provisioning';
export * from './messaging-tables';
export * from './data-source';
export * from './idempotency-store';
