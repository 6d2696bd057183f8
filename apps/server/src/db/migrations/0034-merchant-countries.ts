import { sql, type Kysely } from 'kysely';

/**
 * The countries a merchant's mobile pickers offer (issue 18, spec section 3 "Country"): a list of
 * `{countryCode, countryDialingCode}` in the order players see them, the first preselected. Existing
 * merchants get the list the web app used to carry: the portal's markets first, then others. The
 * merchants trigger of 0001 announces the change, so every instance drops its settings snapshot.
 */
const initialCountries = [
  ['TH', '+66'],
  ['VN', '+84'],
  ['CN', '+86'],
  ['KR', '+82'],
  ['MY', '+60'],
  ['PH', '+63'],
  ['ID', '+62'],
  ['SG', '+65'],
  ['IN', '+91'],
  ['KH', '+855'],
  ['LA', '+856'],
  ['MM', '+95'],
  ['JP', '+81'],
  ['HK', '+852'],
  ['TW', '+886'],
  ['AU', '+61'],
  ['US', '+1'],
  ['GB', '+44'],
].map(([countryCode, countryDialingCode]) => ({ countryCode, countryDialingCode }));

export async function up(db: Kysely<unknown>): Promise<void> {
  const initial = JSON.stringify(initialCountries);
  await sql`alter table merchants
    add column countries jsonb not null default ${sql.lit(initial)}::jsonb
      check (jsonb_typeof(countries) = 'array' and jsonb_array_length(countries) between 1 and 250)`.execute(
    db,
  );
}
