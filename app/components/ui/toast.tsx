import { Toast } from "radix-ui";
import { createContext, useCallback, useContext, useMemo, useState } from "react";

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

const DURATION_MS = 5000;
const DURATION_WITH_ACTION_MS = 10_000;

type ToastState = ToastInput & { id: number };

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const show = useCallback((t: ToastInput) => setCurrent({ ...t, id: Date.now() }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={DURATION_MS}>
        {children}
        {current ? (
          <Toast.Root
            key={current.id}
            duration={current.action ? DURATION_WITH_ACTION_MS : DURATION_MS}
            onOpenChange={(open) => !open && setCurrent(null)}
            className={`grid grid-cols-[1fr_auto] items-start gap-2 rounded-xl border p-4 shadow-lg ${
              current.variant === "destructive" ? "border-red-300 bg-red-50 text-red-900" : "border-gray-200 bg-white text-gray-900"
            }`}
          >
            <div>
              <Toast.Title className="font-semibold">{current.title}</Toast.Title>
              {current.description ? (
                <Toast.Description className="mt-1 text-sm">{current.description}</Toast.Description>
              ) : null}
              {current.action ? (
                <Toast.Action
                  altText={current.action.label}
                  onClick={current.action.onAction}
                  className="mt-2 min-h-11 rounded-lg border border-gray-300 px-4 text-sm font-semibold hover:bg-gray-50"
                >
                  {current.action.label}
                </Toast.Action>
              ) : null}
            </div>
            <Toast.Close aria-label="Dismiss notification" className="rounded p-1 text-gray-500 hover:text-gray-900">
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        ) : null}
        {/* Above a page's sticky action bar (data-action-bar), so a toast never covers Save or Publish. */}
        <Toast.Viewport className="fixed bottom-4 right-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none [body:has([data-action-bar])_&]:bottom-24" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used within a ToastProvider");
  return ctx;
}
