import { Toast } from "radix-ui";
import type { ToastInput } from "./toast";

const DURATION_MS = 5000;
const DURATION_WITH_ACTION_MS = 10_000;

/**
 * Radix's toast, loaded by ToastProvider with the first toast (not with the page: it costs about
 * 10 KB of gzip, all of it after an interaction). Unmounted again once the toast closes.
 */
export default function ToastView({ toast, onClose }: { toast: ToastInput & { id: number }; onClose: () => void }) {
  return (
    <Toast.Provider swipeDirection="right" duration={DURATION_MS}>
      <Toast.Root
        key={toast.id}
        duration={toast.action ? DURATION_WITH_ACTION_MS : DURATION_MS}
        onOpenChange={(open) => !open && onClose()}
        className={`grid grid-cols-[1fr_auto] items-start gap-2 rounded-xl border p-4 shadow-lg ${
          toast.variant === "destructive" ? "border-red-300 bg-red-50 text-red-900" : "border-gray-200 bg-white text-gray-900"
        }`}
      >
        <div>
          <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description className="mt-1 text-sm">{toast.description}</Toast.Description> : null}
          {toast.action ? (
            <Toast.Action
              altText={toast.action.label}
              onClick={toast.action.onAction}
              className="mt-2 min-h-11 rounded-lg border border-gray-300 px-4 text-sm font-semibold hover:bg-gray-50"
            >
              {toast.action.label}
            </Toast.Action>
          ) : null}
        </div>
        <Toast.Close aria-label="Dismiss notification" className="rounded p-1 text-gray-500 hover:text-gray-900">
          <span aria-hidden="true">×</span>
        </Toast.Close>
      </Toast.Root>
      {/* Above a page's sticky action bar (data-action-bar), so a toast never covers Save or Publish. */}
      <Toast.Viewport className="fixed bottom-4 right-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none [body:has([data-action-bar])_&]:bottom-24" />
    </Toast.Provider>
  );
}
