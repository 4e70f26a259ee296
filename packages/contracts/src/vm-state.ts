/**
 * A VM's life (DOMAIN.md's state machine): provisioning → running ⇄ stopped; running | stopped →
 * expired when its period ends → archived after the grace period; a renewal or a restore brings it
 * back; provisioning → failed when the machine cannot be made; deleted rows are kept for a restore
 * within the retention window. Only apps/api/src/modules/vms/vm-state.ts moves a VM.
 */
export const VM_STATES = ['provisioning', 'running', 'stopped', 'expired', 'archived', 'failed', 'deleted'] as const;
export type VmState = (typeof VM_STATES)[number];

/** Within its period, its machine powered on or off: what expires, what the console counts active. */
export const POWERED_VM_STATES = ['running', 'stopped'] as const satisfies readonly VmState[];
/** Its machine exists and is not archived: the console may be opened. */
export const REACHABLE_VM_STATES = ['running', 'stopped', 'expired'] as const satisfies readonly VmState[];
/** Its period is over: a paid renewal makes it run again. */
export const ENDED_VM_STATES = ['expired', 'archived'] as const satisfies readonly VmState[];
/** On the Products tab: archived VMs have their own tab, deleted ones are gone. */
export const LISTED_VM_STATES = ['provisioning', 'running', 'stopped', 'expired', 'failed'] as const satisfies readonly VmState[];

export const isVmStateIn = (state: string, states: readonly VmState[]): state is VmState => (states as readonly string[]).includes(state);
