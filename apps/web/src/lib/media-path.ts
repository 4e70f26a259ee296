/**
 * A configured file address (image, video, document) the page may load: a path of this site or an
 * http(s) address. Empty, "NA" and other schemes (javascript:, data:) give null.
 */
export function usableMediaPath(path: string | null | undefined): string | null {
  const value = path?.trim() ?? '';
  return /^(https?:\/\/|\/(?!\/))/i.test(value) ? value : null;
}
