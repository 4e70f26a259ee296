import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { providerOf, selectHypervisors } from './hypervisors/select-hypervisors.ts';
import { selectPublicIp } from './network/select-public-ip.ts';

const noDb = {} as Db; // the adapters touch nothing until called
const pglite = { kind: 'pglite', db: noDb } as Database;

describe('hypervisor and Meraki configuration, and which adapter serves a provider', () => {
  it('with nothing configured, the simulator serves every provider and the network', () => {
    const config = loadConfig({});
    expect(config.hypervisors).toEqual({ hc3: undefined, openNebula: undefined, nodeWeaver: undefined });
    expect(config.meraki).toBeUndefined();
    const hypervisors = selectHypervisors(noDb, { connections: config.hypervisors });
    for (const provider of ['scaleComputing', 'Open Nebula', 'openNebula', 'Node Weaver', 'nodeWeaver', 'simulator', 'vmware']) {
      expect(hypervisors.for(provider)).toBe(hypervisors.simulator);
    }
    expect(selectPublicIp(pglite, config.meraki).provider).toBe('simulator');
  });

  it("reads the catalogue's provider spellings", () => {
    expect(
      ['scaleComputing', 'Scale Computing', 'Open Nebula', 'openNebula', 'open-nebula', 'Node Weaver', 'nodeWeaver', 'simulator', ''].map(
        providerOf,
      ),
    ).toEqual([
      'scaleComputing',
      'scaleComputing',
      'openNebula',
      'openNebula',
      'openNebula',
      'nodeWeaver',
      'nodeWeaver',
      'simulator',
      'simulator',
    ]);
  });

  it('a configured provider gets its real adapter; the others stay on the simulator', () => {
    const config = loadConfig({
      HC3_URL: 'https://10.0.0.5',
      HC3_USERNAME: 'admin',
      HC3_PASSWORD: 'secret',
      HC3_INSECURE_TLS: 'true',
      NODEWEAVER_URL: 'http://nw.local:2633/RPC2',
      NODEWEAVER_USERNAME: 'oneadmin',
      NODEWEAVER_PASSWORD: 'pw',
      HYPERVISOR_TASK_TIMEOUT_SECONDS: '120',
      MERAKI_API_KEY: 'key',
      MERAKI_NETWORK_ID: 'L_123',
      MERAKI_PUBLIC_IP: '198.51.100.7',
    });
    expect(config.hypervisors.hc3).toEqual({
      url: 'https://10.0.0.5',
      username: 'admin',
      password: 'secret',
      insecureTls: true,
      taskTimeoutMs: 120_000,
    });
    const hypervisors = selectHypervisors(noDb, { connections: config.hypervisors });
    expect(hypervisors.for('scaleComputing').provider).toBe('scaleComputing');
    expect(hypervisors.for('Node Weaver').provider).toBe('nodeWeaver');
    expect(hypervisors.for('Open Nebula')).toBe(hypervisors.simulator);
    expect(hypervisors.for('simulator')).toBe(hypervisors.simulator);
    expect(selectPublicIp(pglite, config.meraki).provider).toBe('meraki');
    // Instances sharing PostgreSQL take turns on Meraki's rule list (the wrapper keeps the provider).
    expect(selectPublicIp({ ...pglite, kind: 'postgres' }, config.meraki).provider).toBe('meraki');
  });

  it('refuses half a set of credentials and bad values, naming the variables', () => {
    expect(() => loadConfig({ OPENNEBULA_URL: 'http://one:2633/RPC2', OPENNEBULA_USERNAME: 'oneadmin' })).toThrow(/OPENNEBULA_PASSWORD/);
    expect(() => loadConfig({ MERAKI_API_KEY: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ MERAKI_API_KEY: 'k', MERAKI_NETWORK_ID: 'N', MERAKI_PUBLIC_IP: '300.1.1.1' })).toThrow(
      /MERAKI_PUBLIC_IP must be a dotted IPv4 address/,
    );
    expect(() => loadConfig({ HC3_URL: 'ftp://x' })).toThrow(/HC3_URL must start with/);
    expect(() => loadConfig({ HC3_INSECURE_TLS: 'yes' })).toThrow(/HC3_INSECURE_TLS must be true or false/);
  });
});
