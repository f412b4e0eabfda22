import { IpAllowlist, parseAllowlistEntry } from './ip-allowlist';

describe('IP allowlist', () => {
  it('accepts nobody while empty', () => {
    expect(new IpAllowlist([]).allows('127.0.0.1')).toBe(false);
  });

  it('matches single IPv4 addresses and CIDR ranges', () => {
    const list = new IpAllowlist(['203.0.113.7', '198.51.100.0/24']);
    expect(list.allows('203.0.113.7')).toBe(true);
    expect(list.allows('203.0.113.8')).toBe(false);
    expect(list.allows('198.51.100.254')).toBe(true);
    expect(list.allows('198.51.101.1')).toBe(false);
  });

  it('matches IPv6 addresses and ranges', () => {
    const list = new IpAllowlist(['2001:db8::/32', '::1']);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('::1')).toBe(true);
  });

  it('treats an IPv4-mapped IPv6 caller as its IPv4 address', () => {
    expect(new IpAllowlist(['127.0.0.1']).allows('::ffff:127.0.0.1')).toBe(true);
  });

  it.each(['10.0.0.1/33', '2001:db8::/129', 'example.com', '10.0.0.0/8/1', '10.0.0.1/x', ''])('rejects the entry %j', (entry) => {
    expect(parseAllowlistEntry(entry)).toBeNull();
  });
});
