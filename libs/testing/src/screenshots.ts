import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './test-environment';

/** Full-page screenshots of a suite, numbered in the order taken, under tmp/screenshots/<folder>. */
export function screenshotsIn(folder: string): (page: Page, name: string) => Promise<void> {
  const directory = join(REPO_ROOT, 'tmp/screenshots', folder);
  let shot = 0;
  return async (page, name) => {
    mkdirSync(directory, { recursive: true });
    shot += 1;
    await page.screenshot({ path: join(directory, `${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
  };
}
