export * from './compile-service';
export * from './scratch-database';
export * from './racing-transactions';
export * from './rows-read';
