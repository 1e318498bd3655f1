import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { BulkProductAction } from "@core/product-list-filter";
import { BulkBar } from "~/components/admin/bulk-bar";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { buttonClass } from "~/components/ui/button";
import type { Selection } from "~/lib/use-selection";

type BulkAnswer =
  | {
      ok: true;
      bulk: BulkProductAction;
      done: { id: string }[];
      skipped: { id: string; title: string; reason: string }[];
    }
  | { ok: false; message: string };

const VERBS: Record<BulkProductAction, { button: string; done: string }> = {
  publish: { button: "Publish", done: "Published" },
  unpublish: { button: "Unpublish", done: "Unpublished" },
  delete: { button: "Delete", done: "Deleted" },
};

const products = (n: number) => `${n} ${n === 1 ? "product" : "products"}`;

/** What the question says before a bulk action: the count, and what follows for shoppers. */
function confirmation(action: BulkProductAction, n: number) {
  if (action === "delete") return `The ${products(n)} and their colours are deleted; orders keep their copy of what was bought. This cannot be undone.`;
  if (action === "publish") return `The ${products(n)} appear in the shop at once.`;
  return `The ${products(n)} leave the shop at once and stay here as drafts.`;
}

/** The product list's bulk actions: publish, unpublish or delete the ticked products, each after one question naming the count. */
export function BulkProductActions({ selection, total }: { selection: Selection; total: number }) {
  const bulk = useFetcher<BulkAnswer>();
  const [asking, setAsking] = useState<BulkProductAction | null>(null);
  const answer = bulk.state === "idle" ? bulk.data : undefined;
  const { clear } = selection;
  useEffect(() => {
    if (answer?.ok) clear();
    // Only a new answer clears: `clear` changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const n = selection.count;
  return (
    <>
      <BulkBar selection={selection} total={total} noun="product">
        {(["publish", "unpublish", "delete"] as const).map((action) => (
          <button
            key={action}
            type="button"
            disabled={bulk.state !== "idle"}
            onClick={() => setAsking(action)}
            className={buttonClass(action === "delete" ? "danger" : "secondary", "small")}
          >
            {VERBS[action].button} {products(n)}
          </button>
        ))}
      </BulkBar>
      <div role="status" data-testid="bulk-outcome" className="text-sm">
        {answer?.ok ? (
          <div className="mt-3 rounded-xl border border-green-200 bg-green-50 p-3 text-green-900">
            <p className="font-semibold">
              {VERBS[answer.bulk].done} {products(answer.done.length)}.
            </p>
            {answer.skipped.length > 0 ? (
              <ul className="ml-5 mt-1 list-disc">
                {answer.skipped.map((s) => (
                  <li key={s.id}>
                    Skipped {s.title || s.id.slice(0, 8)}: {s.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : answer && !answer.ok ? (
          <p className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 font-medium text-red-800">{answer.message}</p>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? `${VERBS[asking].button} ${products(n)}?` : ""}
        description={asking ? confirmation(asking, n) : ""}
        confirmLabel={asking ? `${VERBS[asking].button} ${products(n)}` : ""}
        destructive={asking === "delete"}
        onConfirm={() => {
          if (asking) void bulk.submit({ intent: "bulk", action: asking, ids: selection.ids.join(",") }, { method: "post" });
          setAsking(null);
        }}
      />
    </>
  );
}
