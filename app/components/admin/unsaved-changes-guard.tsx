import { useBeforeUnload, useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Asks before an editor with unsaved changes is left: a dialog for links inside the app, the
 * browser's own prompt for a reload or a closed tab.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useBeforeUnload((e) => {
    if (when) e.preventDefault();
  });
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Leave without saving?"
      description="You have unsaved changes. They will be lost if you leave this page."
      confirmLabel="Leave"
      destructive
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
