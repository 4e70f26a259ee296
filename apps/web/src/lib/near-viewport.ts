import { useCallback, useEffect, useState } from 'react';

/**
 * Keyboard users reach what is below the fold by Tab, not by scrolling: their first Tab brings
 * every waiting part at once, so focus never jumps from the top of the page to its end.
 */
let revealed = false;
const waiting = new Set<() => void>();
function revealAll() {
  if (revealed) return;
  revealed = true;
  waiting.forEach((reveal) => reveal());
  waiting.clear();
}
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', (event) => event.key === 'Tab' && revealAll(), { capture: true, passive: true });
}

/**
 * Whether an element has come near the visible part of the page (within `margin`, by default
 * half a screen below it), for below-the-fold parts whose code need not be fetched until a visitor
 * scrolls towards them (issue 19, docs/decisions/0128-below-the-fold-code-on-approach.md): /home's
 * first load carries only what the first screen shows. Once near it stays true. Without
 * IntersectionObserver (tests) it is true at once. A part's stand-in carries `data-later` until the
 * part is in, so a journey can tell when a page is whole (e2e/browser.ts).
 */
export function useNearViewport<T extends Element>(margin = '0px 0px 50% 0px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => revealed || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    const reveal = () => setNear(true);
    waiting.add(reveal);
    return () => {
      waiting.delete(reveal);
    };
  }, [near]);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return [ref, near];
}
