import { isIP } from 'node:net';

/**
 * Whose count a caller address joins: an IPv4 address its own, an IPv6 address its /64 (one
 * subscriber is given a whole /64, so counting single addresses would give it 2^64 budgets).
 */
export function callerBucket(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head.split(':').filter(Boolean);
  const tailGroups = tail.split(':').filter(Boolean);
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}
