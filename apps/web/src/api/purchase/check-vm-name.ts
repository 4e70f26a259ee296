import { checkVmNameCall } from '@mawingu/contracts/purchase-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

/** POST virtualMachine/checkVmName: whether a new VM may take this name (400 naming vmName when not). */
export async function checkVmName(vmName: string): Promise<CallEnvelope<typeof checkVmNameCall>> {
  return requestCall(checkVmNameCall, { body: { vmName } });
}
