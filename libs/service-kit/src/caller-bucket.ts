import { isIP } from 'node:net';
import { ipv6Groups, unmapped } from '@platform/egress';

/**
 * Whose count a caller address joins: an IPv4 address its own, an IPv6 address its /64 (one
 * subscriber is given a whole /64, so counting single addresses would give it 2^64 budgets).
 */
export function callerBucket(address: string): string {
  const caller = unmapped(address);
  if (isIP(caller) !== 6) return caller;
  return `${ipv6Groups(caller)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
