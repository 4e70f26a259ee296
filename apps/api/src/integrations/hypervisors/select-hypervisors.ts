import type { Db } from '../../db/client.ts';
import type { Hypervisors } from './hypervisor.ts';
import { createSimulatorHypervisor, type SimulatorHypervisor, type SimulatorOptions } from './simulator.ts';

/**
 * Which adapter serves a product's provider (its catalogue `serviceType`). Until the HC3 and
 * OpenNebula adapters exist, and whenever their credentials are not configured, the simulator
 * serves every provider: the embedded default works with no configuration at all.
 */
export function selectHypervisors(db: Db, options: SimulatorOptions = {}): Hypervisors & { simulator: SimulatorHypervisor } {
  const simulator = createSimulatorHypervisor(db, options);
  return {
    simulator,
    for: () => simulator,
  };
}
