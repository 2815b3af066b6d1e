import { lazy, useState, type ComponentType } from 'react';

export interface LazyPage {
  /** The page itself: at once when its chunk is there, else behind the nearest Suspense fallback. */
  Page: ComponentType;
  /** Fetches the chunk (once); resolves when the page can render without suspending. */
  preload: () => Promise<void>;
}

/**
 * A page in a chunk of its own that can be fetched ahead of its first render. React.lazy suspends on its
 * first render even when the chunk is already there (a flash of the fallback); a page preloaded here
 * renders straight away.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // a failed fetch may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Page() {
    // Decided once per mount: switching from Lazy to the loaded component would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, preload };
}
