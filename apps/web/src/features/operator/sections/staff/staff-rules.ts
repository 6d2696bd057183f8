import type { OperatorRole } from '@portal/contracts';

/** The staff roles in the contracts' order (operatorRoles; a value of the main entry stays out of chunks). */
export const staffRoles: readonly OperatorRole[] = [
  'owner',
  'finance',
  'support',
  'content',
  'risk',
  'platform',
];

/**
 * The contracts' staff rules (staffUsername, staffPassword in packages/contracts/src/staff.ts) checked in
 * the form before sending, so a mistake is named at the field; the server checks them again.
 */
export function staffPasswordProblem(password: string): 'passwordRule' | null {
  return password.length >= 10 && password.length <= 128 && /[A-Za-z]/.test(password) && /\d/.test(password)
    ? null
    : 'passwordRule';
}

export function staffUsernameProblem(username: string): 'usernameRule' | null {
  return /^[A-Za-z0-9._-]{3,32}$/.test(username.trim()) ? null : 'usernameRule';
}

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** An address or network (CIDR) as the allow-list's contract accepts it (the server checks again). */
export function isAddressEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const v4 = ipv4.test(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (v4 ? 32 : 128);
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((total, part) => total * 256 + Number(part), 0);
}

/**
 * Whether an IPv4 address is in the list (exact or in a network); an IPv6 address only by exact entry.
 * A courtesy before saving (the server's check, which knows IPv6 networks, decides).
 */
export function addressInList(entries: readonly string[], address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return entries.some((entry) => {
    const [network = '', prefix] = entry.split('/');
    if (prefix === undefined) return network.toLowerCase() === plain.toLowerCase();
    if (!ipv4.test(network) || !ipv4.test(plain)) return true;
    const bits = Number(prefix);
    const size = 2 ** (32 - bits);
    return Math.floor(ipv4Number(network) / size) === Math.floor(ipv4Number(plain) / size);
  });
}
