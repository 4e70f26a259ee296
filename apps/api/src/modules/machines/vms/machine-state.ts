import type { VmState } from '@mawingu/contracts/vm-state';
import type { HypervisorVm } from '../../../integrations/hypervisors/hypervisor.ts';
import type { CustomerVm } from './customer-vm.ts';

/**
 * The portal state that matches what the hypervisor reports, used when an action could not finish
 * (the VM is left in its real state, nothing assumed). A stopped machine whose period is over is
 * 'expired' (not merely powered off); states the portal cannot take from the
 * machine alone (creating, failed, unknown) keep the row's.
 */
export function portalStateOf(vm: Pick<CustomerVm, 'state' | 'endAt'>, machine: HypervisorVm | null, now = Date.now()): VmState {
  if (!machine) return vm.state;
  switch (machine.state) {
    case 'running':
      return 'running';
    case 'stopped':
      return vm.state === 'expired' || (vm.endAt !== null && vm.endAt.getTime() <= now) ? 'expired' : 'stopped';
    case 'archived':
      return 'archived';
    case 'deleted':
      return 'deleted';
    default:
      return vm.state;
  }
}

export const describeError = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
