import type { Db } from '../../db/client.ts';
import type { HypervisorSettings } from '../infrastructure-settings.ts';
import { createHc3Hypervisor } from './hc3.ts';
import type { Hypervisor, Hypervisors } from './hypervisor.ts';
import { createNodeWeaverHypervisor } from './nodeweaver.ts';
import { createOpenNebulaHypervisor } from './opennebula.ts';
import { createSimulatorHypervisor, type SimulatorHypervisor, type SimulatorOptions } from './simulator.ts';

export type SelectHypervisorsOptions = SimulatorOptions & {
  /** Real hypervisors with credentials (config.hypervisors); a provider without is the simulator. */
  connections?: HypervisorSettings;
};

type RealProvider = 'scaleComputing' | 'openNebula' | 'nodeWeaver';

/**
 * The catalogue writes providers loosely ("scaleComputing", "Open Nebula", "openNebula", "Node
 * Weaver"…); VM rows store the adapter's own name. Both are matched without case, spaces or dashes.
 */
export function providerOf(name: string): RealProvider | 'simulator' {
  switch (name.toLowerCase().replace(/[^a-z0-9]/g, '')) {
    case 'scalecomputing':
    case 'hc3':
      return 'scaleComputing';
    case 'opennebula':
      return 'openNebula';
    case 'nodeweaver':
      return 'nodeWeaver';
    default:
      return 'simulator';
  }
}

/**
 * Which adapter serves a product's provider (its catalogue `serviceType`) or a VM's stored provider:
 * the real adapter when its credentials are configured, otherwise the simulator, so the embedded
 * default works with no configuration at all. A VM made by the simulator keeps provider
 * "simulator" and stays there when credentials are added later.
 */
export function selectHypervisors(db: Db, options: SelectHypervisorsOptions = {}): Hypervisors & { simulator: SimulatorHypervisor } {
  const { connections = {}, ...simulatorOptions } = options;
  const simulator = createSimulatorHypervisor(db, simulatorOptions);
  const real: Partial<Record<RealProvider, Hypervisor>> = {
    scaleComputing: connections.hc3 && createHc3Hypervisor(connections.hc3),
    openNebula: connections.openNebula && createOpenNebulaHypervisor(connections.openNebula),
    nodeWeaver: connections.nodeWeaver && createNodeWeaverHypervisor(connections.nodeWeaver),
  };
  return {
    simulator,
    for(provider: string) {
      const which = providerOf(provider);
      return (which !== 'simulator' && real[which]) || simulator;
    },
  };
}
