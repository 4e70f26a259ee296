/**
 * NodeWeaver is built on OpenNebula and keeps its XML-RPC API (protocols.md §8): the OpenNebula
 * adapter against the NodeWeaver front-end, with its own credentials and provider name.
 */
import type { Hypervisor } from './hypervisor.ts';
import { createOpenNebulaHypervisor, type OpenNebulaSettings } from './opennebula.ts';

export type NodeWeaverSettings = OpenNebulaSettings;

export function createNodeWeaverHypervisor(settings: NodeWeaverSettings): Hypervisor {
  return createOpenNebulaHypervisor(settings, 'nodeWeaver');
}
