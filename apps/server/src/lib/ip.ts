import net from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is reported as `1.2.3.4`. */
export function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

const internalRanges = new net.BlockList();
internalRanges.addAddress('::1', 'ipv6');
internalRanges.addSubnet('fc00::', 7, 'ipv6');
internalRanges.addSubnet('fe80::', 10, 'ipv6');

/** The first two octets of a dotted IPv4 address, or undefined when it is not one. */
function ipv4Prefix(ip: string): [number, number] | undefined {
  const first = ip.indexOf('.');
  const second = ip.indexOf('.', first + 1);
  if (first < 1 || second < 0 || !net.isIPv4(ip)) return undefined;
  return [Number(ip.slice(0, first)), Number(ip.slice(first + 1, second))];
}

/**
 * Loopback, private and link-local addresses: they have no country. IPv4 is checked by its octets, since
 * this runs on every status call and BlockList.check parses the string into a new object each time.
 */
export function isInternalIp(ip: string): boolean {
  const prefix = ipv4Prefix(ip);
  if (prefix) {
    const [a, b] = prefix;
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const family = net.isIP(ip);
  if (family === 0) return false;
  return family === 6 && internalRanges.check(ip, 'ipv6');
}

/**
 * An allow-list of single addresses and CIDR ranges (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`).
 * Entries that are not addresses are skipped; the database rejects them on write in the operator API.
 */
export function buildIpAllowList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefixText] = entry.trim().split('/');
    const family = net.isIP(address);
    if (family === 0) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefixText), type);
  }
  return list;
}

/** Whether `ip` is in the list built by buildIpAllowList. */
export function ipInList(list: net.BlockList, ip: string): boolean {
  const family = net.isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
