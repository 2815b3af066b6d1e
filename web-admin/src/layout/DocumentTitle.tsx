import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

/**
 * The browser tab says which page of the console this is: `<page> · Riffline Admin`, the page being the
 * title react-admin shows in the app bar (each List, Show, Edit and custom page's `title`, or its resource's
 * name), read from the bar's title slot as it changes: react-admin sets no document title itself. Two pages
 * show the console's own name there: the dashboard (said 'Dashboard' in the tab) and react-admin's
 * not-found page (said by its heading).
 */
export function DocumentTitle() {
  const translate = useTranslate();
  const appName = translate('riffline.title');
  const dashboard = translate('ra.page.dashboard');
  const { pathname } = useLocation();
  const onDashboard = pathname === '/' || pathname === '';
  useEffect(() => {
    const slot = document.getElementById('react-admin-title');
    if (!slot) return undefined;
    const show = () => {
      let page = slot.textContent?.trim() ?? '';
      if (page === appName) {
        page = onDashboard ? dashboard : (document.querySelector('main h1')?.textContent?.trim() ?? '');
      }
      document.title = page ? `${page} · ${appName}` : appName;
    };
    show();
    const observer = new MutationObserver(show);
    observer.observe(slot, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [appName, dashboard, onDashboard]);
  return null;
}
