export * from './test-environment';
export * from './stack';
export * from './merchant-factory';
export * from './signed-clients';
export * from './customer-screens';
export * from './topic-events';
export * from './eventually';
export * from './merchant-settings-fixture';
