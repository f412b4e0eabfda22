import { checkReturnUrl, checkWebhookUrl } from './address-rules';

describe('return_url rules', () => {
  it('accepts https and converts an international host to ASCII', () => {
    expect(checkReturnUrl('https://bücher.example/ödeme?x=1', 'live')).toEqual({ ok: true, url: 'https://xn--bcher-kva.example/%C3%B6deme?x=1' });
  });

  it.each([
    ['http://shop.example/return', 'live'],
    ['http://shop.example/return', 'sandbox'],
    ['http://localhost:3000/r', 'live'],
    ['https://user:pw@shop.example/r', 'live'],
    ['https://user@shop.example/r', 'live'],
    ['https://shop.example/r#done', 'live'],
    ['https://shop.example/r#', 'live'],
    ['https://shop.example/a b', 'live'],
    ['https://shop.example/a\tb', 'live'],
    ['https://shop.example/\u0007', 'live'],
    ['https://shop.example/\u0000r', 'live'],
    ['https://shop.example/r\u0085', 'live'],
    ['https://shop.example/r\ud800', 'live'],
    ['https://shop.example/r\udc00x', 'live'],
    ['https://shop.example/a\u00a0b', 'live'],
    ['https://shop.example/a\u3000b', 'live'],
    ['https://shop.example/a\ufeffb', 'live'],
    ['/relative/path', 'live'],
    [`https://shop.example/${'a'.repeat(2030)}`, 'live'],
  ] as const)('refuses %j in %s', (raw, environment) => {
    expect(checkReturnUrl(raw, environment).ok).toBe(false);
  });

  it.each(['http://localhost:3000/r', 'http://127.0.0.1/r', 'http://[::1]:8080/r'])('accepts plain HTTP on %s in sandbox', (raw) => {
    expect(checkReturnUrl(raw, 'sandbox').ok).toBe(true);
  });

  it('accepts exactly 2048 characters', () => {
    const raw = `https://shop.example/${'a'.repeat(2048 - 'https://shop.example/'.length)}`;
    expect(checkReturnUrl(raw, 'live').ok).toBe(true);
  });
});

describe('webhook_url rules', () => {
  const publicHost = async () => ['93.184.216.34'];
  const privateHost = async () => ['10.1.2.3'];
  const mixedHost = async () => ['93.184.216.34', '192.168.1.10'];

  it('accepts https to a host with public addresses only', async () => {
    expect(await checkWebhookUrl('https://hooks.shop.example/p', false, publicHost)).toBeNull();
  });

  it.each([
    ['http://hooks.shop.example/p', publicHost, /https/],
    ['https://hooks.shop.example/p', privateHost, /public/],
    ['https://hooks.shop.example/p', mixedHost, /public/],
    ['https://user:pw@hooks.shop.example/p', publicHost, /user info/],
    ['https://127.0.0.1/p', publicHost, /public/],
    ['https://[fe80::1]/p', publicHost, /public/],
    ['https://169.254.169.254/latest', publicHost, /public/],
  ] as const)('refuses %s', async (raw, resolver, reason) => {
    expect(await checkWebhookUrl(raw, false, resolver)).toMatch(reason);
  });

  it('refuses a host that does not resolve', async () => {
    expect(await checkWebhookUrl('https://nowhere.invalid/p', false, async () => Promise.reject(new Error('ENOTFOUND')))).toMatch(/resolve/);
  });

  it('refuses more than 500 characters', async () => {
    expect(await checkWebhookUrl(`https://hooks.shop.example/${'a'.repeat(480)}`, false, publicHost)).toMatch(/500/);
  });

  it('lets tests point at the loopback interface only when allowed', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:9999/hook', true, publicHost)).toBeNull();
    expect(await checkWebhookUrl('http://127.0.0.1:9999/hook', false, publicHost)).not.toBeNull();
  });
});
