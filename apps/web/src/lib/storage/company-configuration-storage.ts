import type { CompanyConfiguration } from '@mawingu/contracts/company';
import { asCompanyConfiguration } from './stored-configuration-shape.ts';

/** Mirror of the last configuration, so the header has the logo and colours on reload. */
const KEY = 'companyConfiguration';

// Parsed once per stored text: readers call this on every render while the first fetch runs.
let lastRead: { raw: string; value: CompanyConfiguration | null } | undefined;

export function readStoredCompanyConfiguration(): CompanyConfiguration | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    if (lastRead?.raw !== raw) {
      // Storage is user-editable and may hold an older version's shape: only a value that matches
      // the contract is used.
      lastRead = { raw, value: asCompanyConfiguration(JSON.parse(raw)) };
    }
    return lastRead.value;
  } catch {
    return null;
  }
}

export function storeCompanyConfiguration(config: CompanyConfiguration | null): void {
  try {
    if (config) window.localStorage.setItem(KEY, JSON.stringify(config));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage full or refused: the mirror is a convenience only.
  }
}
