import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ClientOptions } from '../transport.js';

/** What `login` keeps: one sandbox key of one merchant. */
export interface Profile {
  base_url: string;
  api_key: string;
  secret: string;
  merchant_code: string;
}

/** $CARD_PLATFORM_CONFIG, or ~/.config/card-platform/config.json. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CARD_PLATFORM_CONFIG ?? join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'card-platform', 'config.json');
}

/** Writes the profile readable by its owner only (0600, in a 0700 folder): it holds the secret. */
export function saveProfile(profile: Profile, path = configPath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

export function loadProfile(path = configPath()): Profile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`not logged in: run \`card-platform login\` first (no ${path})`);
  }
  return JSON.parse(text) as Profile;
}

export function clientOptions(profile: Profile): ClientOptions {
  return { baseUrl: profile.base_url, apiKey: profile.api_key, secret: profile.secret, environment: 'sandbox', merchantCode: profile.merchant_code };
}

/** A mistake in how the command was called: shown without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
