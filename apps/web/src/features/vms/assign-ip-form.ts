import { messages } from '@mawingu/contracts/messages';

/** The Assign IP form as typed; ports stay text ("80,443") until they are sent. */
export type AssignIpValues = { lanIP: string; hostName: string; tcpPort: string; udpPort: string };
export type AssignIpField = keyof AssignIpValues;
export type AssignIpErrors = Partial<Record<AssignIpField, string>>;

export const emptyAssignIp: AssignIpValues = { lanIP: '', hostName: '', tcpPort: '', udpPort: '' };

/** Spec section 5: the LAN IP field takes digits, dots and colons only; port fields digits and commas. */
export const lanIpInput = (value: string) => value.replace(/[^0-9.:]/g, '');
export const portsInput = (value: string) => value.replace(/[^0-9,]/g, '');

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** A dotted IPv4 address, four octets 0–255 without leading zeros. */
export function isDottedIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => OCTET.test(part));
}

/** "80, 443,," → ["80", "443"]: empty pieces between commas are dropped. */
export const splitPorts = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const isPort = (part: string) => /^\d{1,5}$/.test(part) && Number(part) >= 1 && Number(part) <= 65535;

/**
 * Checks the form with the spec's messages (English; the modal shows them translated). `badPorts`
 * is our own text for a port outside 1–65535, which the spec does not cover.
 */
export function validateAssignIp(values: AssignIpValues, badPorts: string): AssignIpErrors {
  const errors: AssignIpErrors = {};
  const lanIP = values.lanIP.trim();
  if (!lanIP) errors.lanIP = messages.lanIpRequired;
  else if (!isDottedIpv4(lanIP)) errors.lanIP = messages.lanIpInvalid;
  if (!values.hostName.trim()) errors.hostName = messages.hostNameRequired;
  const tcp = splitPorts(values.tcpPort);
  if (tcp.length === 0) errors.tcpPort = messages.tcpPortsRequired;
  else if (!tcp.every(isPort)) errors.tcpPort = badPorts;
  if (!splitPorts(values.udpPort).every(isPort)) errors.udpPort = badPorts;
  return errors;
}
