export * from './card-processor';
export * from './card-checks';
export * from './decline-messages';
export * from './card-network';
export * from './sealed-card';
export * from './sandbox-cards';
