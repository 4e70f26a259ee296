/** The key a VM's forwarding rules carry at the network (stable, so a retried forward replaces, never duplicates). */
export const publicIpKeyOf = (vmId: number) => `vm-${vmId}`;
