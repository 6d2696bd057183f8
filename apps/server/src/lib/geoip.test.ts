import { describe, expect, it } from 'vitest';
import { openGeoIp } from './geoip';

describe('GeoIP', () => {
  it('finds the country of public IPv4 and IPv6 addresses, and none for internal or malformed ones', async () => {
    const geoIp = await openGeoIp(undefined);
    expect(geoIp.countryOf('1.0.128.1')).toBe('TH');
    expect(geoIp.countryOf('8.8.8.8')).toBe('US');
    expect(geoIp.countryOf('2001:4860:4860::8888')).toBe('US');
    expect(geoIp.countryOf('127.0.0.1')).toBeNull();
    expect(geoIp.countryOf('not an address')).toBeNull();
    // Answered again from the recent-lookups cache: the same result.
    expect(geoIp.countryOf('1.0.128.1')).toBe('TH');
  });

  it('refuses a database path that does not exist', async () => {
    await expect(openGeoIp('/nonexistent/country.mmdb')).rejects.toThrow();
  });
});
