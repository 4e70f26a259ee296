import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration.tsx';

function setup() {
  const scrollTo = vi.fn((_x: number, y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
  vi.stubGlobal('scrollTo', scrollTo);
  const layout = (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        element: layout,
        children: [
          { path: '/a', element: 'A' },
          { path: '/b', element: 'B' },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return { router, scrollTo, scrollBy: (y: number) => scrollTo(0, y) };
}

describe('scroll restoration', () => {
  it('starts a new page at the top and brings Back to where the visitor was', async () => {
    const { router, scrollTo, scrollBy } = setup();
    expect(scrollTo).not.toHaveBeenCalled(); // the first page keeps the browser's position
    act(() => scrollBy(640));

    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => scrollBy(120));

    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });
});
