import { useSpecText } from '../../lib/spec-text.ts';

/**
 * A server message in the visitor's language: spec texts the VMs feature translates come from
 * `vms:spec.<key>`, other spec texts from the shared section, anything else as it came.
 */
export function useVmsText(): (text: string) => string {
  return useSpecText('vms');
}
