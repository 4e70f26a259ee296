import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Where each visited entry of the history was scrolled to, kept for the tab's session. */
const saved = readSaved();

function scrollToHash(hash: string): boolean {
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
    return Boolean(target);
  } catch {
    return false;
  }
}

/**
 * React Router's <ScrollRestoration> for the declarative router (main.tsx), which that component
 * does not support: a new page starts at the top (or at its #anchor), Back and Forward return to
 * where the visitor was, also after a reload.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const initial = useRef(true);
  // The position before a navigation changes the page: the new page may be shorter and clamp it.
  const current = useRef({ key: location.key, y: 0 });

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => (current.current.y = window.scrollY);
    const onPageHide = () => {
      saved[current.current.key] = window.scrollY;
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        // Storage refused: positions last until the page is left.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const previous = current.current;
    if (previous.key !== location.key) saved[previous.key] = previous.y;
    const position = saved[location.key];
    const first = initial.current;
    initial.current = false;

    // window.scrollY is not read here: in a layout effect it would force a layout of the page
    // being committed (80 ms on a slow phone at the first render). Scroll events keep `y` current.
    let y = first ? 0 : current.current.y;
    if (navigationType === 'POP' && position !== undefined) {
      window.scrollTo(0, position);
      y = position;
    } else if (location.hash && scrollToHash(location.hash)) {
      // At the anchor; the scroll event records where that is.
    } else if (!first) {
      window.scrollTo(0, 0);
      y = 0;
    }
    current.current = { key: location.key, y };
  }, [location.key, location.hash, navigationType]);

  return null;
}
