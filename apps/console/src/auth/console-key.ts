import { keyOrDevelopmentKey } from '@platform/service-kit';
import type { Config } from '../config';

export const CONSOLE_KEY = Symbol('CONSOLE_KEY');
const DEV_CONSOLE_KEY = Buffer.alloc(32, 'dev-console-key-not-for-production');

export function consoleKey(config: Config): Buffer {
  return keyOrDevelopmentKey(config.CONSOLE_KEY, DEV_CONSOLE_KEY);
}
