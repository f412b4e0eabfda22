import { BlockList, isIP } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** `::ffff:10.0.0.1` is the IPv4 caller 10.0.0.1 seen through a dual-stack socket. */
export function normaliseAddress(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  return mapped?.[1] ?? address;
}

/** An allowlist entry is an IPv4 or IPv6 address, or a CIDR range of either; null when it is not. */
export function parseAllowlistEntry(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= max ? { address, prefix, family } : null;
}

/** How many callers' answers a list keeps; past that it starts again, so many addresses cost no memory. */
export const REMEMBERED_ADDRESSES = 1024;

/** The caller addresses an environment accepts; an empty list accepts nobody. */
export class IpAllowlist {
  private readonly list = new BlockList();
  readonly empty: boolean;
  /** `BlockList.check` makes a SocketAddress on every call, and a merchant calls from a few addresses. */
  private readonly answers = new Map<string, boolean>();

  constructor(entries: readonly string[]) {
    let count = 0;
    for (const entry of entries) {
      const parsed = parseAllowlistEntry(entry);
      if (!parsed) continue;
      this.list.addSubnet(parsed.address, parsed.prefix, parsed.family);
      count += 1;
    }
    this.empty = count === 0;
  }

  allows(address: string): boolean {
    if (this.empty) return false;
    const remembered = this.answers.get(address);
    if (remembered !== undefined) return remembered;
    const answer = this.check(address);
    if (this.answers.size >= REMEMBERED_ADDRESSES) this.answers.clear();
    this.answers.set(address, answer);
    return answer;
  }

  private check(address: string): boolean {
    const normalised = normaliseAddress(address);
    const version = isIP(normalised);
    if (version === 0) return false;
    return this.list.check(normalised, version === 4 ? 'ipv4' : 'ipv6');
  }
}
