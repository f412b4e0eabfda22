import { callerBucket } from './caller-bucket';

describe('callerBucket', () => {
  it('keeps an IPv4 address, mapped or not', () => {
    expect(callerBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(callerBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('puts every address of one IPv6 /64 in one bucket, however it is written', () => {
    const buckets = ['2001:db8:aa:bb::1', '2001:DB8:AA:BB:ffff:ffff:ffff:ffff', '2001:0db8:00aa:00bb:0:0:0:9'].map(callerBucket);
    expect(new Set(buckets)).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(callerBucket('2001:db8:aa:bc::1')).not.toBe(buckets[0]);
    expect(callerBucket('::1')).toBe('0:0:0:0::/64');
  });
});
