import { isIP } from 'node:net';

/** The address part of "Name <address>" (or the value itself). */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * The sender address a company gets until its owner sets one: no-reply@ its site's host name
 * (without "www."), so a brand's mails do not carry the platform's domain. A site on an IP address
 * or a one-label host (localhost) has no domain of its own: the server's MAIL_FROM address serves.
 */
export function defaultSenderAddress(websiteUrl: string | null, serverFrom: string): string {
  let host = '';
  try {
    host = websiteUrl ? new URL(websiteUrl).hostname : '';
  } catch {
    host = '';
  }
  host = host.replace(/^www\./, '').replace(/^\[|\]$/g, '');
  if (!host || isIP(host) || !host.includes('.')) return addressOf(serverFrom);
  return `no-reply@${host}`;
}

/** "Name" <address>, the name without what would break the header (quotes, brackets, line breaks). */
export function formatSender(name: string, address: string): string {
  const clean = name.replace(/["\\<>\r\n]/g, '').trim();
  return clean ? `"${clean}" <${address}>` : address;
}
