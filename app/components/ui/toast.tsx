import { createContext, lazy, Suspense, useCallback, useContext, useState } from "react";

/**
 * The one toast mechanism of the app (storefront and admin). One toast at a time, as the spec's
 * toast queue holds at most one; a new toast replaces the current one.
 */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** One button in the toast (say, Undo); a toast with one stays up longer, and hover or focus pause it. */
  action?: { label: string; onAction: () => void };
};

type ToastState = ToastInput & { id: number };

// Every page has the provider, few show a toast: Radix's part loads with the first one.
const ToastView = lazy(() => import("./toast-view"));

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const show = useCallback((t: ToastInput) => setCurrent({ ...t, id: Date.now() }), []);
  const close = useCallback(() => setCurrent(null), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastView toast={current} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used within a ToastProvider");
  return ctx;
}
