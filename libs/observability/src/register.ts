/**
 * Imported first by every service's entry point: starts tracing (when `OTEL_*` configures it)
 * before Node loads `http`, `pg` and `ioredis`, so that their instrumentations can patch them.
 * The service is named by `OTEL_SERVICE_NAME`, else by its folder under `apps/`.
 */
import { startTracing } from './tracing';

const app = /[\\/]apps[\\/]([^\\/]+)[\\/]/.exec(process.argv[1] ?? '')?.[1];
startTracing(app ?? 'platform');
