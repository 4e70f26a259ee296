import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; margin: string | undefined; observed: Element[] }[] = [];

class FakeObserver {
  observed: Element[] = [];
  constructor(
    readonly callback: Callback,
    options?: { rootMargin?: string },
  ) {
    observers.push({ callback, margin: options?.rootMargin, observed: this.observed });
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
}

/** A fresh copy of the module each time: its "revealed by Tab" state is per page. */
async function freshHook() {
  vi.resetModules();
  return (await import('./near-viewport.ts')).useNearViewport;
}

describe('below-the-fold parts come near the screen', () => {
  beforeEach(() => {
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderPart() {
    const useNearViewport = await freshHook();
    function Part() {
      const [ref, near] = useNearViewport<HTMLDivElement>();
      return near ? <p>sections</p> : <div ref={ref} data-testid="placeholder" />;
    }
    render(<Part />);
  }

  it('stays a placeholder until the observer says it is near, with half a screen of margin below', async () => {
    await renderPart();
    expect(screen.getByTestId('placeholder')).toBeTruthy();
    expect(observers[0]!.margin).toBe('0px 0px 50% 0px');
    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('sections')).toBeNull();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('sections')).toBeTruthy();
  });

  it('comes at once on the first Tab, for keyboard users who never scroll', async () => {
    await renderPart();
    fireEvent.keyDown(document, { key: 'a' });
    expect(screen.queryByText('sections')).toBeNull();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(await screen.findByText('sections')).toBeTruthy();
  });
});
