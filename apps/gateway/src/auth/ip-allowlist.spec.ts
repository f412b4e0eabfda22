import { IpAllowlist, parseAllowlistEntry, REMEMBERED_ADDRESSES } from './ip-allowlist';

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

  it('answers each caller the same on every request, past the number of addresses it remembers', () => {
    const list = new IpAllowlist(['10.1.0.0/16']);
    const callers = Array.from({ length: REMEMBERED_ADDRESSES * 2 + 10 }, (_, i) => `10.${i % 2 === 0 ? 1 : 2}.${(i >> 8) & 255}.${i & 255}`);
    for (let round = 0; round < 3; round += 1) {
      for (const [i, caller] of callers.entries()) expect([caller, list.allows(caller)]).toEqual([caller, i % 2 === 0]);
    }
    expect(list.allows('::ffff:10.2.0.1')).toBe(false);
    expect(list.allows('::ffff:10.1.0.1')).toBe(true);
    expect(list.allows('not an address')).toBe(false);
    expect(list.allows('not an address')).toBe(false);
  });

  it.each(['10.0.0.1/33', '2001:db8::/129', 'example.com', '10.0.0.0/8/1', '10.0.0.1/x', ''])('rejects the entry %j', (entry) => {
    expect(parseAllowlistEntry(entry)).toBeNull();
  });
});
