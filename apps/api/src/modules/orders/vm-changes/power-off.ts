import { HypervisorError, type Hypervisor } from '../../../integrations/hypervisors/hypervisor.ts';

export type PowerOffTiming = {
  pollMs: number;
  shutdownTimeoutMs: number;
  stopTimeoutMs: number;
};

async function waitUntilStopped(hypervisor: Hypervisor, externalId: string, timeoutMs: number, pollMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const machine = await hypervisor.getVm(externalId);
    if (!machine) throw new HypervisorError('not-found', `no machine ${externalId}`, hypervisor.provider);
    if (machine.state === 'stopped') return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Powers a machine off for a resize: the guest's own orderly shutdown first, and the hard stop only
 * when the guest has not gone down within the time-out (a hung guest must not block a paid order).
 */
export async function powerOff(hypervisor: Hypervisor, externalId: string, timing: PowerOffTiming): Promise<void> {
  await hypervisor.shutdownVm(externalId);
  if (await waitUntilStopped(hypervisor, externalId, timing.shutdownTimeoutMs, timing.pollMs)) return;
  await hypervisor.stopVm(externalId);
  if (await waitUntilStopped(hypervisor, externalId, timing.stopTimeoutMs, timing.pollMs)) return;
  throw new HypervisorError('unavailable', `machine ${externalId} did not stop`, hypervisor.provider);
}
