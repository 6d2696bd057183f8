import { createRequire } from 'node:module';
import net from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';

/**
 * Country of an IP address from an MMDB file. By default the CC0 country database shipped in the npm
 * package `@ip-location-db/geo-whois-asn-country-mmdb`; GEOIP_DB_PATH points at a licensed MaxMind
 * GeoIP2/GeoLite2 Country file instead (both record shapes are understood).
 */
export interface GeoIp {
  countryOf(ip: string): string | null;
}

interface CountryRecord {
  country_code?: string;
  country?: { iso_code?: string };
}

const require = createRequire(import.meta.url);
const recentLookupsMax = 10_000;

function defaultDatabasePath(): string {
  return require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
}

/** Opens the database once at start-up; lookups are in memory afterwards. */
export async function openGeoIp(databasePath: string | undefined): Promise<GeoIp> {
  const reader: Reader<Response> = await maxmind.open(databasePath ?? defaultDatabasePath(), {
    watchForUpdates: false,
  });
  // Visitors call several APIs per page, so recent answers are kept (bounded; oldest evicted first).
  const recent = new Map<string, string | null>();
  return {
    countryOf(ip) {
      const known = recent.get(ip);
      if (known !== undefined) return known;
      let country: string | null = null;
      if (net.isIP(ip)) {
        const record = reader.get(ip) as CountryRecord | null;
        const code = record?.country_code ?? record?.country?.iso_code;
        country = code ? code.toUpperCase() : null;
      }
      if (recent.size >= recentLookupsMax) recent.delete(recent.keys().next().value as string);
      recent.set(ip, country);
      return country;
    },
  };
}
