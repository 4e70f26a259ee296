/**
 * Keystroke filters of spec section 5 for the profile form: what a field keeps of what is typed or
 * pasted. The server checks the same rules (contracts), so a filter is a convenience, not a guard.
 */
export const inputFilters = {
  /** Names: letters, spaces and (in the profile) commas. */
  name: (value: string) => value.replace(/[^\p{L} ,]/gu, ''),
  /** Mobile number: digits only. */
  digits: (value: string) => value.replace(/\D/g, ''),
  /** City and state: letters and spaces. */
  lettersAndSpaces: (value: string) => value.replace(/[^\p{L} ]/gu, ''),
  /** Postcode: digits and lower-case letters; capitals are lowered rather than dropped. */
  postcode: (value: string) => value.toLowerCase().replace(/[^0-9a-z]/g, ''),
} as const;

export type InputFilter = (value: string) => string;
