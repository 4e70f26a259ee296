import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../src/i18n/i18n.ts';

// Lazy routes resolve slower when the two cores are busy with the other suites; a finder's default
// 1 s made tests flaky under `npm test`. Waiting longer never makes a correct test pass wrongly.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these. Assigned (not vi.stubGlobal) so unstubAllGlobals after each test keeps them.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// happy-dom's IntersectionObserver never reports: here every observed element is on screen at
// once, so below-the-fold parts (lib/near-viewport.ts) render as for a reader who scrolled to them.
// The news carousel's observer sees its cards visible too. A test may stub its own.
class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ isIntersecting: true, intersectionRatio: 1, target } as IntersectionObserverEntry], this as never),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.assign(window, { IntersectionObserver: OnScreenObserver });

if (typeof window.matchMedia !== 'function') {
  const matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
  Object.assign(window, { matchMedia });
}

// Mantine's development warning for a focus trap with nothing focusable (a menu whose items are all
// unavailable, a menu closing as its dialog opens) prints the whole DOM node: thousands of lines
// that bury the run's output. Only that warning is dropped; every other one still prints.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) return;
  warn(...args);
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.title = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
