export * from './compile-service';
export * from './scratch-database';
