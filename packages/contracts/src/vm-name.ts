/**
 * A VM's own name (issue 16 point 3): given at purchase, unique among the customer's VMs, so two
 * machines of one product can be told apart. Readable and safe on every hypervisor: letters (any
 * script), digits, spaces, dots, dashes and underscores, starting with a letter or digit.
 * Schema-free (no zod), so the configurator checks a name without loading zod; the request field
 * built from this rule is purchase.ts's vmNameField.
 */
export const VM_NAME_MIN = 2;
export const VM_NAME_MAX = 40;
export const VM_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

/** A VM's alias, the customer's own label beside its name (addAliasName in vm-actions.ts): at most this many characters. */
export const ALIAS_MAX_LENGTH = 50;

/** Trimmed, runs of spaces collapsed: "web  1 " and "web 1" are one name. */
export const normalVmName = (name: string) => name.trim().replace(/\s+/g, ' ');
/** Names compare without regard to case: "Web-1" is taken when "web-1" exists. */
export const vmNameKey = (name: string) => normalVmName(name).toLocaleLowerCase('en');

/** Whether a name, as normalVmName gives it, may be a VM's: the rule vmNameField checks. */
export const isVmName = (name: string) => name.length >= VM_NAME_MIN && name.length <= VM_NAME_MAX && VM_NAME_PATTERN.test(name);

/** The first two words of a product's name, as a lowercase slug: "Ubuntu Server 24.04 LTS" → "ubuntu-server", "Ubuntu 22.04 LTS" → "ubuntu-22". */
export function productShortName(productName: string): string {
  const words = productName
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const short = words
    .slice(0, 2)
    .join('-')
    .slice(0, VM_NAME_MAX - 4);
  return short.length >= VM_NAME_MIN ? short : 'vm';
}

/** The default name of a new VM: the product's short name and the lowest number none of `taken` has ("ubuntu-server-2"). */
export function suggestVmName(productName: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map(vmNameKey));
  const short = productShortName(productName);
  for (let n = 1; ; n++) {
    const name = `${short}-${n}`;
    if (!used.has(name)) return name;
  }
}

/** `name`, or the first of "name 2", "name 3", … that none of `taken` has (a name taken meanwhile by a concurrent purchase). */
export function freeVmName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map(vmNameKey));
  if (!used.has(vmNameKey(name))) return name;
  const base = name.slice(0, VM_NAME_MAX - 4);
  for (let n = 2; ; n++) {
    const candidate = `${base} ${n}`;
    if (!used.has(vmNameKey(candidate))) return candidate;
  }
}
