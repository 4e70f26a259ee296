import { useSyncExternalStore } from 'react';

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

/** The steps of newsSlidesPerView as media queries, narrowest first. */
const STEPS: [query: string, slides: number][] = [
  ['(max-width: 464px)', 1],
  ['(max-width: 1024px)', 2],
  ['(max-width: 3000px)', 3],
];

const lists = () => STEPS.map(([query, slides]) => [window.matchMedia(query), slides] as const);

function subscribe(onChange: () => void): () => void {
  const watched = lists().map(([list]) => list);
  watched.forEach((list) => list.addEventListener('change', onChange));
  return () => watched.forEach((list) => list.removeEventListener('change', onChange));
}

/**
 * newsSlidesPerView for the current window, kept current. Media queries rather than
 * `window.innerWidth`: reading that right after the carousel is committed forces a layout of the
 * whole new section (9 ms on a phone-speed CPU), and it is only needed at the four steps.
 */
export function useNewsSlidesPerView(): number {
  const get = () => lists().find(([list]) => list.matches)?.[1] ?? 5;
  return useSyncExternalStore(subscribe, get, get);
}
