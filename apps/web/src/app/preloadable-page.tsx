import { lazy, useState, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * A lazily loaded page whose code can be fetched before the first render (main.tsx does so for the
 * page a visit lands on). A page whose code is already here renders at once, in the first paint,
 * instead of showing the fallback for a moment as React.lazy always does.
 */
export function preloadablePage(load: () => Promise<PageModule>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const LazyPage = lazy(preload);

  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? LazyPage);
    return <Component />;
  }
  return Object.assign(Page, { preload });
}
