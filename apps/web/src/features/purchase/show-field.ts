/**
 * Scrolls a field that still needs an answer into view and focuses it: on a phone Buy Now is far
 * below the choices, and an error shown up there would go unseen.
 */
export function showField(field: HTMLElement | null) {
  field?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  field?.focus({ preventScroll: true });
}
