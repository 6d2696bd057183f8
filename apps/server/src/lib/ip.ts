import net from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is reported as `1.2.3.4`. */
export function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

const internalRanges = new net.BlockList();
internalRanges.addSubnet('127.0.0.0', 8, 'ipv4');
internalRanges.addSubnet('10.0.0.0', 8, 'ipv4');
internalRanges.addSubnet('172.16.0.0', 12, 'ipv4');
internalRanges.addSubnet('192.168.0.0', 16, 'ipv4');
internalRanges.addSubnet('169.254.0.0', 16, 'ipv4');
internalRanges.addSubnet('100.64.0.0', 10, 'ipv4');
internalRanges.addAddress('::1', 'ipv6');
internalRanges.addSubnet('fc00::', 7, 'ipv6');
internalRanges.addSubnet('fe80::', 10, 'ipv6');

/** Loopback, private and link-local addresses: they have no country. */
export function isInternalIp(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return false;
  return internalRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6');
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
