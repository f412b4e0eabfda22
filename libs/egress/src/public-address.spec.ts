import { isLoopbackAddress, isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    'not-an-ip',
  ])('treats %s as not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::7f00:1', 'IPv4-compatible 127.0.0.1'],
    ['::a00:1', 'IPv4-compatible 10.0.0.1'],
    ['::ffff:7f00:1', 'IPv4-mapped 127.0.0.1 in hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped 169.254.169.254 in hex'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:808:808::1', '6to4 of a public address, reached through a relay'],
    ['64:ff9b::7f00:1', 'NAT64 well-known prefix'],
    ['64:ff9b:1::a00:1', 'NAT64 local-use prefix'],
    ['fec0::1', 'site-local'],
    ['feff::1', 'site-local, end of the range'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808'])('treats %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('knows the loopback addresses', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '8.8.8.8', '::2'].some(isLoopbackAddress)).toBe(false);
  });
});
