/**
 * OpenNebula's documents and templates: the XML that one.vm.info, one.vmpool.info, one.template.info
 * and one.image.info return (parsed with fast-xml-parser, every value a string), and the
 * `ATTR="value"` / `VECTOR=[K="v",…]` template text the calls take.
 */
import { XMLParser } from 'fast-xml-parser';
import type { HypervisorVmState } from './hypervisor.ts';

export type OneAttrs = Record<string, string>;
export type OneDisk = OneAttrs & { DISK_ID?: string; SIZE?: string; TARGET?: string; TYPE?: string };
export type OneVm = {
  id: number;
  name: string;
  state: number;
  lcmState: number;
  template: OneAttrs & { DISK?: OneDisk[]; SNAPSHOT?: OneAttrs[]; NIC?: OneAttrs[]; CONTEXT?: OneAttrs };
  userTemplate: OneAttrs;
};
export type OneImage = { id: number; name: string; state: number; template: OneAttrs };

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  // Lists that OpenNebula writes as repeated elements: one element must still read as a list.
  isArray: (name, jpath) =>
    ['DISK', 'SNAPSHOT', 'NIC'].includes(name) ||
    jpath === 'VM_POOL.VM' ||
    jpath === 'IMAGE_POOL.IMAGE' ||
    jpath === 'VMTEMPLATE_POOL.VMTEMPLATE',
});

const text = (value: unknown) => (value === undefined || value === null || typeof value === 'object' ? '' : String(value));
const attrs = (value: unknown): OneAttrs => (value && typeof value === 'object' ? (value as OneAttrs) : {});

function vmOf(raw: any): OneVm {
  return {
    id: Number(text(raw.ID)),
    name: text(raw.NAME),
    state: Number(text(raw.STATE)),
    lcmState: Number(text(raw.LCM_STATE)),
    template: attrs(raw.TEMPLATE) as OneVm['template'],
    userTemplate: attrs(raw.USER_TEMPLATE),
  };
}

export function parseVm(xml: string): OneVm {
  return vmOf(parser.parse(xml).VM ?? {});
}

export function parseVmPool(xml: string): OneVm[] {
  return ((parser.parse(xml).VM_POOL?.VM ?? []) as unknown[]).map(vmOf);
}

export function parseTemplateDisks(xml: string): OneDisk[] {
  return (parser.parse(xml).VMTEMPLATE?.TEMPLATE?.DISK ?? []) as OneDisk[];
}

/** The template's CONTEXT vector (network, start scripts…), kept when the portal adds the login to it. */
export function parseTemplateContext(xml: string): OneAttrs {
  return attrs(parser.parse(xml).VMTEMPLATE?.TEMPLATE?.CONTEXT);
}

/** one.userpool.info: the users' names and ids. */
export function parseUserPool(xml: string): Array<{ id: string; name: string }> {
  const users = parser.parse(xml).USER_POOL?.USER ?? [];
  return ((Array.isArray(users) ? users : [users]) as any[]).map((u) => ({ id: text(u.ID), name: text(u.NAME) }));
}

function imageOf(raw: any): OneImage {
  return { id: Number(text(raw.ID)), name: text(raw.NAME), state: Number(text(raw.STATE)), template: attrs(raw.TEMPLATE) };
}

export function parseImage(xml: string): OneImage {
  return imageOf(parser.parse(xml).IMAGE ?? {});
}

export function parseImagePool(xml: string): OneImage[] {
  return ((parser.parse(xml).IMAGE_POOL?.IMAGE ?? []) as unknown[]).map(imageOf);
}

/** A template value in double quotes (OpenNebula escapes `"` and `\` with a backslash). */
const quote = (value: string | number) => `"${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Template text: `NAME="value"` lines; a record value becomes a vector attribute `NAME=[K="v", …]`. */
export function templateText(entries: Record<string, string | number | OneAttrs | undefined>): string {
  return Object.entries(entries)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) =>
      typeof v === 'object'
        ? `${k}=[${Object.entries(v)
            .filter(([, inner]) => typeof inner === 'string' || typeof inner === 'number')
            .map(([ik, iv]) => `${ik}=${quote(iv)}`)
            .join(', ')}]`
        : `${k}=${quote(v as string | number)}`,
    )
    .join('\n');
}

/** LCM states whose name ends in FAILURE (ONE-H). */
const FAILURE_LCM = new Set([36, 37, 38, 39, 40, 41, 42, 44, 46, 47, 48, 49, 50, 61]);
export const ONE = {
  ACTIVE: 3,
  RUNNING_LCM: 3,
  STOPPED: 4,
  SUSPENDED: 5,
  DONE: 6,
  POWEROFF: 8,
  UNDEPLOYED: 9,
  CLONING_FAILURE: 11,
} as const;

export function isFailed(vm: OneVm): boolean {
  return vm.state === ONE.CLONING_FAILURE || (vm.state === ONE.ACTIVE && FAILURE_LCM.has(vm.lcmState));
}

/**
 * STATE/LCM_STATE to the port's states: ACTIVE+RUNNING runs; POWEROFF, UNDEPLOYED (archived),
 * STOPPED and SUSPENDED are off; DONE is deleted; a *_FAILURE LCM state failed; everything else
 * (PENDING, PROLOG, BOOT, hot-plugs, shutting down) is still on its way.
 */
export function stateOf(vm: OneVm): HypervisorVmState {
  if (vm.state === ONE.ACTIVE && vm.lcmState === ONE.RUNNING_LCM) return 'running';
  if (vm.state === ONE.POWEROFF || vm.state === ONE.UNDEPLOYED || vm.state === ONE.STOPPED || vm.state === ONE.SUSPENDED) return 'stopped';
  if (vm.state === ONE.DONE) return 'deleted';
  if (isFailed(vm)) return 'failed';
  return 'creating';
}
