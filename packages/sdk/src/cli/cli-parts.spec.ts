import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { UsageError, configPath, loadProfile, saveProfile } from './config';
import { Output, fields, table } from './output';
import { httpUrl, required } from './resources';
import { checkCases } from './webhook-check';
import { verifyWebhookRequest } from '../webhooks';

function sink() {
  let text = '';
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
    text: () => text,
  };
}

describe('the CLI profile', () => {
  it('is kept readable by its owner only, in a folder only its owner may enter', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cli-config-')), 'card-platform', 'config.json');
    const profile = { base_url: 'http://127.0.0.1:8080', api_key: 'ak', secret: 'sk', merchant_code: 'MRC-000123' };
    saveProfile(profile, path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    expect(loadProfile(path)).toEqual(profile);
  });

  it('says to log in first when there is none', () => {
    const missing = join(tmpdir(), 'no-such-folder', 'config.json');
    expect(() => loadProfile(missing)).toThrow(new UsageError(`not logged in: run \`card-platform login\` first (no ${missing})`));
  });

  it('lives in CARD_PLATFORM_CONFIG, else under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configPath({ CARD_PLATFORM_CONFIG: '/etc/cp.json', XDG_CONFIG_HOME: '/x' })).toBe('/etc/cp.json');
    expect(configPath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/card-platform/config.json');
    expect(configPath({})).toMatch(/\.config\/card-platform\/config\.json$/);
  });
});

describe('CLI flags', () => {
  it('refuses a missing flag and an address that is not http or https before anything is sent', () => {
    expect(() => required({}, 'url')).toThrow('--url is required');
    expect(httpUrl({ 'forward-to': 'http://localhost:4242/hooks' }, 'forward-to')).toBe('http://localhost:4242/hooks');
    expect(() => httpUrl({ 'forward-to': 'localhost:4242' }, 'forward-to')).toThrow(UsageError);
    expect(() => httpUrl({ 'forward-to': 'localhost 4242' }, 'forward-to')).toThrow('--forward-to must be an address such as http://localhost:4242/webhooks');
    expect(() => httpUrl({ url: 'ftp://shop.example/hooks' }, 'url')).toThrow('--url must be an http or https address, not ftp:');
  });
});

describe('CLI output', () => {
  it('gives people aligned lines and tables, scripts one JSON document, and keeps progress off stdout', async () => {
    const people = { out: sink(), err: sink() };
    const human = new Output(false, people.out.stream, people.err.stream);
    human.result({ code: 'abcd1234', status: 'paid' }, (p) =>
      fields([
        ['code', p.code],
        ['status', p.status],
        ['paid_at', null],
      ]),
    );
    await human.waiting('waiting for the bank', async () => undefined);
    expect(people.out.text()).toBe('code     abcd1234\nstatus   paid\npaid_at  -\n');
    expect(people.err.text()).toBe('waiting for the bank  done\n');

    const scripts = { out: sink(), err: sink() };
    const json = new Output(true, scripts.out.stream, scripts.err.stream);
    json.result({ code: 'abcd1234' }, () => 'not this');
    json.say('progress');
    expect(JSON.parse(scripts.out.text())).toEqual({ code: 'abcd1234' });
    expect(scripts.err.text()).toBe('progress\n');
  });

  it('shows a failed wait as failed and passes its error on', async () => {
    const err = sink();
    const output = new Output(false, sink().stream, err.stream);
    await expect(output.waiting('waiting', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(err.text()).toBe('waiting  failed\n');
  });

  it('pads table columns to their widest cell', () => {
    expect(
      table(
        ['id', 'status'],
        [
          ['a', 'delivered'],
          ['bbbb', null],
        ],
      ),
    ).toBe('id    status\na     delivered\nbbbb  -');
  });
});

describe('webhook-check cases', () => {
  it('signs the cases to accept so that the SDK verifies them, and each case to reject fails the SDK for its own reason', () => {
    const now = Math.floor(Date.now() / 1000);
    const results = checkCases('v3', 'sk_check', now).map((check) => {
      const verdict = verifyWebhookRequest({ secret: 'sk_check', rawBody: check.body, headers: check.headers, nowSeconds: now });
      return [check.name, check.expect, verdict.ok ? 'ok' : verdict.reason];
    });
    expect(results).toEqual([
      ['valid delivery', 'accept', 'ok'],
      ['same event again', 'accept', 'ok'],
      ['payment.failed after payment.paid', 'accept', 'ok'],
      ['timestamp 301 s old', 'reject', 'stale'],
      ['bad signature', 'reject', 'mismatch'],
      ['signature over another body', 'reject', 'mismatch'],
      ['uppercase hex signature', 'reject', 'bad_format'],
      ['9-digit timestamp', 'reject', 'bad_format'],
    ]);
  });
});
