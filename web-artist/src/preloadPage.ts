/**
 * The page preloader: a second, tiny entry script that index.html runs before the app's (vite.config.ts).
 * As soon as it arrives it starts the opened page's chunk (with its imports) and the page's first API
 * requests, beside the app's entry script instead of after it: the app's first render waits for both
 * (main.tsx), and would otherwise ask for them only once the entry script has downloaded and run.
 */
import { notFoundLoader, pageAt, pageLoaders, pageRequests } from './pageLoaders.ts';

const page = pageAt(window.location.pathname);
if (page !== '/') {
  // As index.html asks for /api/auth/user: the app's own request for the same URL takes this answer.
  for (const href of (page && pageRequests[page]) ?? []) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'use-credentials';
    link.href = href;
    document.head.append(link);
  }
  // A failed fetch is the app's to report (lazyPage tries again); here it is only a head start.
  void (page ? pageLoaders[page] : notFoundLoader)().catch(() => undefined);
}
