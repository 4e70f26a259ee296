/**
 * Hypervisor and network settings from the environment (read by config.ts, the only reader of
 * process.env). Each provider's credentials switch it to its real API; without them the simulator
 * serves it, so the product works with no configuration at all. Half a set of credentials is an
 * error at boot, never a silent fallback to the simulator.
 */
import type { Hc3Settings } from './hypervisors/hc3-client.ts';
import type { OpenNebulaSettings } from './hypervisors/opennebula.ts';
import type { MerakiSettings } from './network/meraki.ts';

export type HypervisorSettings = {
  hc3?: Hc3Settings;
  openNebula?: OpenNebulaSettings;
  nodeWeaver?: OpenNebulaSettings;
};

export type InfrastructureEnv = {
  HC3_URL?: string;
  HC3_USERNAME?: string;
  HC3_PASSWORD?: string;
  HC3_INSECURE_TLS?: string;
  OPENNEBULA_URL?: string;
  OPENNEBULA_USERNAME?: string;
  OPENNEBULA_PASSWORD?: string;
  OPENNEBULA_FIREEDGE_URL?: string;
  NODEWEAVER_URL?: string;
  NODEWEAVER_USERNAME?: string;
  NODEWEAVER_PASSWORD?: string;
  NODEWEAVER_FIREEDGE_URL?: string;
  HYPERVISOR_TASK_TIMEOUT_SECONDS: number;
  MERAKI_API_KEY?: string;
  MERAKI_NETWORK_ID?: string;
  MERAKI_BASE_URL?: string;
  MERAKI_PUBLIC_IP?: string;
};

const GROUPS = [
  ['HC3_URL', 'HC3_USERNAME', 'HC3_PASSWORD'],
  ['OPENNEBULA_URL', 'OPENNEBULA_USERNAME', 'OPENNEBULA_PASSWORD'],
  ['NODEWEAVER_URL', 'NODEWEAVER_USERNAME', 'NODEWEAVER_PASSWORD'],
  ['MERAKI_API_KEY', 'MERAKI_NETWORK_ID', 'MERAKI_PUBLIC_IP'],
] as const;

/** One line per provider whose credentials are only partly set. */
export function infrastructureProblems(e: InfrastructureEnv): string[] {
  return GROUPS.filter((names) => names.some((n) => e[n]) && !names.every((n) => e[n])).map((names) => {
    const missing = names.filter((n) => !e[n]);
    return `  ${missing[0]}: set ${names.join(', ')} together, or none of them (missing: ${missing.join(', ')})`;
  });
}

export function hypervisorSettings(e: InfrastructureEnv): HypervisorSettings {
  const taskTimeoutMs = e.HYPERVISOR_TASK_TIMEOUT_SECONDS * 1000;
  const nebula = (url?: string, username?: string, password?: string, fireEdgeUrl?: string): OpenNebulaSettings | undefined =>
    url && username && password ? { url, username, password, fireEdgeUrl, taskTimeoutMs } : undefined;
  return {
    hc3:
      e.HC3_URL && e.HC3_USERNAME && e.HC3_PASSWORD
        ? { url: e.HC3_URL, username: e.HC3_USERNAME, password: e.HC3_PASSWORD, insecureTls: e.HC3_INSECURE_TLS === 'true', taskTimeoutMs }
        : undefined,
    openNebula: nebula(e.OPENNEBULA_URL, e.OPENNEBULA_USERNAME, e.OPENNEBULA_PASSWORD, e.OPENNEBULA_FIREEDGE_URL),
    nodeWeaver: nebula(e.NODEWEAVER_URL, e.NODEWEAVER_USERNAME, e.NODEWEAVER_PASSWORD, e.NODEWEAVER_FIREEDGE_URL),
  };
}

export function merakiSettings(e: InfrastructureEnv): MerakiSettings | undefined {
  if (!e.MERAKI_API_KEY || !e.MERAKI_NETWORK_ID || !e.MERAKI_PUBLIC_IP) return undefined;
  return { apiKey: e.MERAKI_API_KEY, networkId: e.MERAKI_NETWORK_ID, publicIp: e.MERAKI_PUBLIC_IP, baseUrl: e.MERAKI_BASE_URL };
}
