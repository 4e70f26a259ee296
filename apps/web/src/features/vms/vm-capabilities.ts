import type { ActiveVm } from '@mawingu/contracts/vms';
import { POWERED_VM_STATES } from '@mawingu/contracts/vm-state';

/** Every control a Products row offers, in the order they are shown. */
export const VM_ACTIONS = ['view', 'power', 'renew', 'update', 'clone', 'snapshot', 'assignIp', 'alias', 'delete'] as const;
export type VmAction = (typeof VM_ACTIONS)[number];

/**
 * Why a control is unavailable, most important first: the admin's block (spec section 4), a
 * hypervisor action still running, the spec's renewed and clone-available rules, then the state.
 */
export type Unavailable = 'blocked' | 'pending' | 'renewed' | 'cloneAvailable' | 'ipAssigned' | 'ipPending' | 'state';

export type ActionAvailability = { enabled: true } | { enabled: false; reason: Unavailable };

const ok: ActionAvailability = { enabled: true };
const no = (reason: Unavailable): ActionAvailability => ({ enabled: false, reason });

type State = ActiveVm['vmStatus'];
/** Within its period, powered on or off: the machine can be acted on. */
const READY: readonly State[] = POWERED_VM_STATES;
/** States the period can be renewed in: an expired machine is renewed to run again. */
const RENEWABLE: readonly State[] = ['running', 'stopped', 'expired'];
/**
 * States the server deletes in (stopped, expired, failed; running is offered so the customer gets
 * the spec's "must be shut off" message). The call names the machine by its hypervisor id.
 */
const DELETABLE: readonly State[] = ['running', 'stopped', 'expired', 'failed'];

function byState(vm: ActiveVm, action: VmAction): ActionAvailability {
  const state = vm.vmStatus;
  switch (action) {
    case 'view':
      return READY.includes(state) && vm.createdUUID ? ok : no('state');
    case 'power':
      return READY.includes(state) && vm.createdUUID ? ok : no('state');
    case 'renew':
      if (!RENEWABLE.includes(state)) return no('state');
      return vm.isRenewed === 1 ? no('renewed') : ok;
    case 'update':
      return READY.includes(state) ? ok : no('state');
    case 'clone':
    case 'snapshot':
      if (!READY.includes(state)) return no('state');
      return vm.isClone === 1 ? no('cloneAvailable') : ok;
    case 'assignIp':
      if (vm.ciscoMerakiIP || vm.publicIpState === 'active') return no('ipAssigned');
      if (vm.publicIpState === 'pending') return no('ipPending');
      return READY.includes(state) ? ok : no('state');
    case 'alias':
      return state === 'provisioning' ? no('state') : ok;
    case 'delete':
      return DELETABLE.includes(state) && vm.createdUUID ? ok : no('state');
  }
}

/**
 * Whether `action` can be used on `vm` now. A blocked VM refuses everything (the server answers
 * 403 to every action); a VM with a hypervisor action under way refuses a second one (409).
 */
export function availability(vm: ActiveVm, action: VmAction): ActionAvailability {
  if (vm.isBlocked === 1) return no('blocked');
  if (vm.pendingAction) return no('pending');
  return byState(vm, action);
}

/** The checkbox of "Renew selected" follows the Renew control (spec: disabled when renewed). */
export const canSelectForRenewal = (vm: ActiveVm) => availability(vm, 'renew').enabled;

/** What the power control does: a running machine is shut down, anything else started. */
export const powerAction = (vm: ActiveVm): 'start' | 'shutdown' => (vm.vmStatus === 'running' ? 'shutdown' : 'start');
