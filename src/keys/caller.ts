// Who is calling: the tier that sets the allowance, whose allowance it is, and the affiliate
// code that links carry.

export type Tier = 'keyless' | 'standard' | 'partner';

export interface Caller {
  tier: Tier;
  /** Whose allowance a call counts against: `ip:<address or /64>` or `key:<key id>`. */
  subject: string;
  /** The code links carry; null for keyless callers. */
  affiliateCode: string | null;
  keyId: string | null;
}

/** The keyless caller of a client address; IPv6 clients are counted per /64. */
export function keylessCaller(ip: string): Caller {
  return { tier: 'keyless', subject: `ip:${allowanceAddress(ip)}`, affiliateCode: null, keyId: null };
}

/** The address an allowance is kept for: IPv4 as is, IPv6 as its /64 prefix. */
export function allowanceAddress(ip: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4mapped) return v4mapped[1];
  if (!ip.includes(':')) return ip;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIpv6(ip: string): string[] | null {
  const address = ip.split('%')[0].toLowerCase();
  const [head, tail, ...rest] = address.split('::');
  if (rest.length > 0) return null;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  let left = parse(head);
  let right = parse(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms) takes two groups.
  const last = (tail === undefined ? left : right).at(-1);
  if (last && last.includes('.')) {
    const octets = last.split('.').map(Number);
    const groups = [((octets[0] << 8) | octets[1]).toString(16), ((octets[2] << 8) | octets[3]).toString(16)];
    if (tail === undefined) left = [...left.slice(0, -1), ...groups];
    else right = [...right.slice(0, -1), ...groups];
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  return groups.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16).toString(16) : 'x'));
}
