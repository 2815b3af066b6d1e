import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Whether the app's first paint is behind us: what mounts after it has nothing to wait for. */
let painted = false;

/**
 * What sits below the fold when the app opens (the footer, the landing's and the dashboard's later
 * sections): rendered right after the first paint, in a render of its own, so the first commit (its styles
 * inserted, its DOM laid out: one long task on a phone) holds only what the visitor sees first. Nothing on
 * screen moves when it comes: it comes after everything else. Mounted later (a page opened from a link), it
 * renders at once.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(painted);
  useEffect(() => {
    if (shown) return;
    painted = true;
    startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : null;
}
