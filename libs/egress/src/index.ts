export * from './public-address';
