import { BlockList, isIP } from 'node:net';
import type { SessionPolicy } from '../auth';

/**
 * The merchant's staff limits (issue 16, migration 0026): the IP allow-list that staff logins and every
 * /ops call must come from, and the staff sessions' idle and absolute limits, each the server's default
 * when the merchant set none.
 */

/** Whether `ip` is in the allow-list (an empty list allows every address). */
export function addressAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const family = isIP(ip);
  if (family === 0) return false;
  const blocks = new BlockList();
  for (const entry of allowList) {
    const [network = '', prefix] = entry.split('/');
    const type = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) blocks.addAddress(network, type);
    else blocks.addSubnet(network, Number(prefix), type);
  }
  // BlockList also matches an IPv4-mapped IPv6 address (::ffff:a.b.c.d) against IPv4 entries.
  return blocks.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/** The staff session limits of a merchant: its own when set, else the server's. */
export function staffSessionPolicy(
  defaults: SessionPolicy,
  limits: { idle_minutes: number | null; absolute_hours: number | null } | undefined,
): SessionPolicy {
  const idleMinutes = limits?.idle_minutes ?? null;
  const absoluteHours = limits?.absolute_hours ?? null;
  return {
    idleMs: idleMinutes === null ? defaults.idleMs : idleMinutes * 60_000,
    absoluteMs: absoluteHours === null ? defaults.absoluteMs : absoluteHours * 3_600_000,
  };
}
