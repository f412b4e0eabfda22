export * from './request-context';
export * from './logger';
export * from './tracing';
export * from './otlp-receiver';
export * from './every-second';
