import { useEffect } from 'react';

/** The landing's title (index.html's): the site's name and what it does. */
export const SITE_TITLE = 'Riffline: music distribution for independent artists';

/**
 * The browser tab's title says which page this is: `<page> · Riffline`, or the site's own title for the
 * landing (`null`). Every page sets it (the Page component for those that use it), so a title never
 * outlives its page.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · Riffline` : SITE_TITLE;
  }, [title]);
}
