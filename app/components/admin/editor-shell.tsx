import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { AdminErrorPanel } from "~/components/admin/error-panel";
import { useToast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button";

/**
 * The frame of every back-office editor (product, post, discount): the way back to its list, the
 * heading with the record's badge and dates, header actions, the form, and a sticky action bar.
 */
export function EditorShell({
  back,
  title,
  badge,
  subtitle,
  headerActions,
  width = "max-w-5xl",
  children,
}: {
  back: { to: string; label: string };
  title: string;
  badge?: React.ReactNode;
  subtitle?: React.ReactNode;
  headerActions?: React.ReactNode;
  width?: "max-w-3xl" | "max-w-4xl" | "max-w-5xl";
  children: React.ReactNode;
}) {
  return (
    <div className={`mx-auto ${width}`}>
      <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-bold">{title}</h2>
            {badge}
          </div>
          {subtitle ? <div className="mt-1 text-sm text-gray-600">{subtitle}</div> : null}
        </div>
        {headerActions ? <div className="flex flex-wrap gap-2">{headerActions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * The editor's save buttons, kept in sight at the bottom of the screen. Toasts sit above anything
 * marked data-action-bar (app/components/ui/toast.tsx), so a message never covers Save or Publish.
 */
export function EditorActionBar({ status, children }: { status?: string; children: React.ReactNode }) {
  return (
    <div data-action-bar className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
      <p role="status" className="mr-auto text-sm text-gray-600">
        {status}
      </p>
      {children}
    </div>
  );
}

/**
 * The one rule for an editor whose record is missing (unknown, malformed or deleted id): the loader
 * answers 404 with `missing: true`, and the editor shows this. With JavaScript the admin is taken back
 * to the list with the toast 'Failed to load {thing}' (the spec's words for posts); without it the
 * panel says so and links back.
 */
export function MissingRecord({ thing, list }: { thing: string; list: { to: string; label: string } }) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: "Error", description: `Failed to load ${thing}`, variant: "destructive" });
    navigate(list.to, { replace: true });
  }, [thing, list.to, toast, navigate]);
  return (
    <AdminErrorPanel
      title={`${thing[0].toUpperCase()}${thing.slice(1)} not found`}
      message={`This ${thing} does not exist or was deleted.`}
      action={
        <Link to={list.to} className={buttonClass("primary", "small")}>
          {list.label}
        </Link>
      }
    />
  );
}
