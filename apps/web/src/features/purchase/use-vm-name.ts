import { useState } from 'react';
import { messages } from '@mawingu/contracts/messages';
import { isVmName, normalVmName } from '@mawingu/contracts/vm-name';
import { checkVmName } from '../../api/purchase/check-vm-name.ts';
import { useSpecTextIn } from '../../lib/spec-text-in.ts';

/**
 * The configurator's VM name: the server's suggestion to start with; Buy Now checks it (the same
 * rule as the server's, then the server whether it is free) and shows the reason on the field.
 */
export function useVmName(suggested: string) {
  const specText = useSpecTextIn('purchase');
  const [value, setValue] = useState(suggested);
  const [error, setError] = useState<string | null>(null);

  const change = (next: string) => {
    setValue(next);
    setError(null);
  };

  /** The name as it will be stored, or null (with the error shown and the field focused) when it cannot be used. */
  async function confirm(): Promise<string | null> {
    // The rule without its zod field (purchase.ts), which would load zod into the configurator.
    const name = normalVmName(value);
    const refuse = (message: string) => {
      setError(specText(message));
      document.getElementById('vm-name')?.focus();
      return null;
    };
    if (!isVmName(name)) return refuse(messages.vmNameInvalid);
    const reply = await checkVmName(name);
    if (reply.status !== 200) return refuse(reply.failure?.fieldErrors?.vmName ?? reply.message);
    return reply.data?.vmName ?? name;
  }

  return { value, error, change, confirm };
}
