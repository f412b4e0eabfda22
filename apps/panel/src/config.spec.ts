import { ConfigError, loadConfig } from '@platform/service-kit';
import { ConfigSchema } from './config';

const KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = {
  NODE_ENV: 'production',
  PANEL_KEY: KEY,
  MAIL_SMTP_URL: 'smtps://relay:secret@mail.example:465',
  PANEL_PUBLIC_URL: 'https://panel.example',
  TRUSTED_PROXIES: '10.0.0.0/8',
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig('panel', ConfigSchema, env);
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe('panel configuration', () => {
  it('runs in development with nothing set: development key, mails to files, cost 17', () => {
    const config = loadConfig('panel', ConfigSchema, {});
    expect([config.PORT, config.PASSWORD_HASH_COST, config.PANEL_KEY, config.MAIL_SMTP_URL]).toEqual([8089, 17, undefined, undefined]);
  });

  it('starts in production with its key, an SMTP relay, an https address and trusted proxies', () => {
    expect(() => loadConfig('panel', ConfigSchema, PRODUCTION)).not.toThrow();
  });

  it.each([
    ['without PANEL_KEY', { PANEL_KEY: '' }, 'PANEL_KEY: required in production'],
    ['with a short PANEL_KEY', { PANEL_KEY: 'c2hvcnQ=' }, 'PANEL_KEY: must be 32 bytes encoded in base64'],
    ['without an SMTP relay', { MAIL_SMTP_URL: '' }, 'MAIL_SMTP_URL: required in production'],
    ['with mails to files', { MAIL_SINK_DIR: '/tmp/mail' }, 'MAIL_SINK_DIR: mails go over SMTP in production, never to files'],
    ['with a cheap password hash', { PASSWORD_HASH_COST: '12' }, 'PASSWORD_HASH_COST: must be at least 15 in production'],
    ['on plain http', { PANEL_PUBLIC_URL: 'http://panel.example' }, 'PANEL_PUBLIC_URL: must be https in production'],
  ])('refuses production %s', (_, change, problem) => {
    expect(problems({ ...PRODUCTION, ...change })).toContain(problem);
  });
});
