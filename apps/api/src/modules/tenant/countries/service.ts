import { asc } from 'drizzle-orm';
import type { CountryEntry } from '@mawingu/contracts/auth';
import type { Db } from '../../../db/client.ts';
import { countries } from '../../../db/schema.ts';

/**
 * The dialling codes with their mobile length bounds (global, not per company). Read on every
 * signup page and signup, changed almost never: kept in memory for the cache TTL.
 */
export function createCountryService(db: Db, cacheTtlMs: number) {
  let cached: { at: number; list: Promise<CountryEntry[]> } | undefined;

  function list(): Promise<CountryEntry[]> {
    if (cached && Date.now() - cached.at < cacheTtlMs) return cached.list;
    const loading = db
      .select({
        countryCode: countries.countryCode,
        countryName: countries.countryName,
        mobileNoMaxLength: countries.mobileMaxLength,
        mobileNoMinLength: countries.mobileMinLength,
      })
      .from(countries)
      .orderBy(asc(countries.countryName));
    cached = { at: Date.now(), list: loading };
    // A failed read must not stay cached.
    loading.catch(() => {
      if (cached?.list === loading) cached = undefined;
    });
    return loading;
  }

  /** Whether `contactNo` has a length one of the countries with this dialling code allows (+1 is shared). */
  async function mobileFits(countryCode: string, contactNo: string): Promise<'fits' | 'wrong-length' | 'unknown-code'> {
    const matching = (await list()).filter((c) => c.countryCode === countryCode.trim());
    if (matching.length === 0) return 'unknown-code';
    const n = contactNo.length;
    return matching.some((c) => n >= c.mobileNoMinLength && n <= c.mobileNoMaxLength) ? 'fits' : 'wrong-length';
  }

  /** The country's name as the list spells it, matched without regard to case or outer spaces. */
  async function canonicalName(name: string): Promise<string | undefined> {
    const wanted = name.trim().toLowerCase();
    return (await list()).find((c) => c.countryName.toLowerCase() === wanted)?.countryName;
  }

  return { list, mobileFits, canonicalName };
}

export type CountryService = ReturnType<typeof createCountryService>;
