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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.title = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
