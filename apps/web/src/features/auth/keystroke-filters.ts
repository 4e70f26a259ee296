import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Keystroke filters of spec section 5: what a field lets in while typing (pasted text included).
 * The contracts check the same rules, so a value that slips past (autofill) still gets the message.
 */
export const lettersAndSpaces = (value: string) => value.replace(/[^\p{L} ]/gu, '');
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
/** Digits and lower-case letters; capitals are lowered rather than dropped ("SW1A" → "sw1a"). */
export const postcodeCharacters = (value: string) => value.toLowerCase().replace(/[^0-9a-z]/g, '');

/** A registered input whose typed value passes through `filter` before the form sees it. */
export function filtered<Name extends string>(registration: UseFormRegisterReturn<Name>, filter: (value: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target;
      const next = filter(input.value);
      if (next !== input.value) input.value = next;
      return registration.onChange(event);
    },
  };
}
