/**
 * Spec section 9: the home news carousel shows 1 item at widths up to 464 px, 2 up to 1024, 3 up to
 * 3000 and 5 beyond (the spec's last step is "5 up to 4000").
 */
export function newsSlidesPerView(viewportWidth: number): number {
  if (viewportWidth <= 464) return 1;
  if (viewportWidth <= 1024) return 2;
  if (viewportWidth <= 3000) return 3;
  return 5;
}
