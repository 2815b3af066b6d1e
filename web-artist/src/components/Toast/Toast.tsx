import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

type ToastFn = (toast: ToastInput) => void;

const ToastContext = createContext<ToastFn>(() => undefined);

const loadView = () => import('./ToastView.tsx');
const ToastView = lazy(loadView);

/** Who waits for the next toast to show (afterToastShows). */
let waitingForToast: (() => void)[] = [];
function toastShown() {
  const waiting = waitingForToast;
  waitingForToast = [];
  for (const run of waiting) run();
}

/**
 * Runs `run` `ms` after the toast just asked for has shown (on a busy device the view's chunk may still be
 * loading, and a page that left after a fixed delay would leave before its toast showed). Answers a cancel.
 */
export function afterToastShows(ms: number, run: () => void): () => void {
  let timer: number | undefined;
  let cancelled = false;
  waitingForToast.push(() => {
    if (!cancelled) timer = window.setTimeout(run, ms);
  });
  // Without its chunk no toast will show: go on all the same.
  loadView().catch(() => {
    if (!cancelled) run();
  });
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
  };
}

/** One toast visible at a time (SPEC §9): a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const toast = useCallback<ToastFn>((input) => {
    setCurrent({ ...input, key: Date.now() + Math.random() });
    setOpen(true);
  }, []);
  const value = useMemo(() => toast, [toast]);
  // The view's chunk once the page is idle, so a toast shows at once when it comes.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    idle(() => void loadView());
  }, []);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView toast={current} open={open} onClose={() => setOpen(false)} onShown={toastShown} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
