import type { Config } from '../config';
import { keyOrDevelopmentKey } from '@platform/service-kit';

export const PANEL_KEY = Symbol('PANEL_KEY');
const DEV_PANEL_KEY = Buffer.alloc(32, 'dev-panel-key-not-for-production');

export function panelKey(config: Config): Buffer {
  return keyOrDevelopmentKey(config.PANEL_KEY, DEV_PANEL_KEY);
}
