import { HypervisorError, type Hypervisor } from '../../../integrations/hypervisors/hypervisor.ts';

export type BootWait = { pollMs: number; timeoutMs: number };

/**
 * Polls a machine the hypervisor accepted (a new one, or one made from a clone) until it runs.
 * A machine not yet listed right after create is normal on eventually consistent APIs; a failed
 * build is lasting ('rejected'), a slow one is worth another try later ('unavailable').
 */
export async function waitUntilRunning(
  hypervisor: Hypervisor,
  externalId: string,
  { pollMs, timeoutMs }: BootWait,
  label = 'machine',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const machine = await hypervisor.getVm(externalId);
    if (machine?.state === 'running') return;
    if (machine?.state === 'failed') throw new HypervisorError('rejected', `${label} ${externalId} failed to build`, hypervisor.provider);
    if (Date.now() >= deadline)
      throw new HypervisorError('unavailable', `${label} ${externalId} not running after ${timeoutMs} ms`, hypervisor.provider);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
