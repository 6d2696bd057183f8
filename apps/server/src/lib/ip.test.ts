import { describe, expect, it } from 'vitest';
import { buildIpAllowList, ipInList, isInternalIp, normaliseIp } from './ip';

describe('isInternalIp', () => {
  it.each([
    '127.0.0.1',
    '10.20.30.40',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.3.4',
    '100.64.0.1',
    '::1',
    'fd00::1',
    'fe80::1',
  ])('%s is internal', (ip) => expect(isInternalIp(ip)).toBe(true));

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '172.15.255.255',
    '192.169.0.1',
    '100.128.0.1',
    '1.0.128.1',
    '2001:4860::8888',
    'not-an-ip',
    '',
  ])('%s is not internal', (ip) => expect(isInternalIp(ip)).toBe(false));
});

describe('allow-lists', () => {
  it('matches single addresses and CIDR ranges of both families and skips junk', () => {
    const list = buildIpAllowList(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', 'junk', '']);
    expect(ipInList(list, '203.0.113.7')).toBe(true);
    expect(ipInList(list, '203.0.113.8')).toBe(false);
    expect(ipInList(list, '198.51.100.200')).toBe(true);
    expect(ipInList(list, '2001:db8::5')).toBe(true);
    expect(ipInList(list, '2001:db9::5')).toBe(false);
    expect(ipInList(list, 'junk')).toBe(false);
  });

  it('reports IPv4 clients of a dual-stack socket in dotted form', () => {
    expect(normaliseIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseIp('::ffff:zzz')).toBe('::ffff:zzz');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8::1');
  });
});
