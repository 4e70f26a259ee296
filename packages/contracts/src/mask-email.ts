/**
 * The e-mail as the OTP toasts show it ("An OTP is sent to your th****@example.co.za"): the first two
 * characters of the local part (one when it is that short), four stars, then the domain. The stars
 * never tell the length. The server fills its reply with this and the SPA may show the same.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '****';
  const local = email.slice(0, at);
  const shown = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${shown}****${email.slice(at)}`;
}
