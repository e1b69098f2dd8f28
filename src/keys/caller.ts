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
  /**
   * For a publishable key: the visitor (client address) whose own hourly allowance under the
   * key a call also counts against; null otherwise.
   */
  visitor: { subject: string; limit: number } | null;
}

/** The keyless caller of a client address; IPv6 clients are counted per /64. */
export function keylessCaller(ip: string): Caller {
  return { tier: 'keyless', subject: `ip:${allowanceAddress(ip)}`, affiliateCode: null, keyId: null, visitor: null };
}

/**
 * The address an allowance is kept for: IPv4 as dotted quads however it was written (an IPv4
 * address written as IPv6, ::ffff:5.6.7.8, ::ffff:506:708 or ::5.6.7.8, is the same client),
 * IPv6 as its /64 prefix. Anything else is kept as given; callers pass IP addresses only.
 */
export function allowanceAddress(ip: string): string {
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4) return ipv4;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The IPv4 address an IPv6 address stands for: mapped (::ffff:0:0/96) or, deprecated but still typed, compatible (::/96). */
function embeddedIpv4(groups: number[]): string | null {
  if (groups[0] !== 0 || groups[1] !== 0 || groups[2] !== 0 || groups[3] !== 0 || groups[4] !== 0) return null;
  const mapped = groups[5] === 0xffff;
  // ::/128 and ::1 are IPv6's own unspecified and loopback addresses.
  const compatible = groups[5] === 0 && (groups[6] !== 0 || groups[7] > 1);
  if (!mapped && !compatible) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (zone dropped), or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const address = ip.split('%')[0].toLowerCase();
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const parts = halves.map(parse);
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms) takes the last two groups.
  const tailHalf = parts[parts.length - 1];
  const last = tailHalf.at(-1);
  if (last !== undefined && last.includes('.')) {
    const octets = last.split('.');
    if (octets.length !== 4 || !octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)) return null;
    const [a, b, c, d] = octets.map(Number);
    tailHalf.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const written = parts.flat();
  if (!written.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const missing = 8 - written.length;
  if (parts.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = parts.length === 1 ? written : [...parts[0], ...Array<string>(missing).fill('0'), ...parts[1]];
  return groups.map((g) => parseInt(g, 16));
}
