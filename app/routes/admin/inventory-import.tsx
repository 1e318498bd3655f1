import { itemLabel } from "@core/variant";
import { Form, Link, data, useNavigation } from "react-router";
import { requireAdmin } from "@server/auth";
import { db } from "@server/db/client";
import { domainErrorResponse } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { applyStockImport, MAX_IMPORT_ROWS, previewStockImport } from "@server/inventory";
import { primaryButton, secondaryButton, settingsCard } from "~/components/admin/settings";
import { FormError, FormSuccess } from "~/components/ui/form";
import { adminMeta } from "~/lib/admin";
import type { ImportPreview } from "@core/inventory-form";
import type { Route } from "./+types/inventory-import";

export const meta: Route.MetaFunction = () => adminMeta("Import stock levels");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "inventory");
  return data({ maxRows: MAX_IMPORT_ROWS });
}

type ImportResult =
  | { step: "preview"; preview: ImportPreview; csv: string; message: string | null }
  | { step: "applied"; preview: ImportPreview; message: string }
  | { step: "refused"; message: string };

/**
 * Preview (the uploaded file, nothing written) or Apply (the previewed text, carried in the form,
 * checked again and written in one transaction): server/inventory/import.ts.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "inventory");
  const form = await readForm(request);
  const intent = form.get("intent");
  const file = form.get("file");
  const csv = intent === "apply" ? form.get("csv") : file instanceof File ? await file.text() : null;
  if (typeof csv !== "string" || csv.trim() === "") {
    return data<ImportResult>({ step: "refused", message: "Choose a CSV file to preview." }, { status: 400 });
  }
  if (csv.includes("\0")) return data<ImportResult>({ step: "refused", message: "This is not a CSV text file." }, { status: 400 });
  try {
    if (intent === "apply") {
      const preview = await applyStockImport(csv, admin);
      return data<ImportResult>({ step: "applied", preview, message: `Stock updated: ${preview.changes} of ${preview.rows.length} ${preview.rows.length === 1 ? "colour" : "colours"} changed.` });
    }
    const preview = await previewStockImport(csv, db());
    return data<ImportResult>(
      { step: "preview", preview, csv, message: preview.errors ? `${preview.errors} ${preview.errors === 1 ? "row has an error" : "rows have errors"}. Nothing has been written: fix the file and preview it again.` : null },
      { status: preview.errors ? 400 : 200 },
    );
  } catch (err) {
    return domainErrorResponse(err, (e): ImportResult => ({ step: "refused", message: e.publicMessage }));
  }
}

function PreviewRows({ preview }: { preview: ImportPreview }) {
  return (
    <ul aria-label="Rows of the file" className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
      {preview.rows.map((r) => (
        <li key={r.line} data-testid="import-row" className={`grid gap-x-4 gap-y-1 p-3 text-sm sm:grid-cols-[5rem_minmax(0,1fr)_minmax(0,1.5fr)_minmax(0,1.5fr)] ${r.error ? "bg-red-50" : ""}`}>
          <span className="text-gray-700">Line {r.line}</span>
          <span className="break-all font-medium">{r.sku || "(by slug and colour)"}</span>
          <span>{r.title ? itemLabel(r.title, r.colour ?? "") : ""}</span>
          {r.error ? (
            <span className="font-medium text-red-800">{r.error}</span>
          ) : (
            <span className="tabular-nums">
              {r.current === r.onHand ? `On hand ${r.onHand}, unchanged` : `On hand ${r.current} → ${r.onHand}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function InventoryImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData;
  return (
    <div className="mx-auto grid max-w-4xl gap-5">
      <p>
        <Link to="/admin/inventory" className="text-sm text-brand-700 underline">
          Back to inventory
        </Link>
      </p>
      <section aria-labelledby="import-heading" className={settingsCard}>
        <h2 id="import-heading" className="text-lg font-semibold">
          Import stock levels
        </h2>
        <p className="text-sm text-gray-700">
          A CSV file whose first row names the columns <code>sku</code> and <code>on_hand</code> (a row without a SKU names its colour by <code>slug</code> and{" "}
          <code>colour</code>; the inventory export has them all, other columns are ignored), up to{" "}
          {loaderData.maxRows.toLocaleString("en-US")} rows. Each colour&apos;s stock on hand is set to the number given, as a recount: every change is kept in the stock
          ledger as a CSV import. You see a preview first; nothing is written until you apply it.
        </p>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="import-file" className="mb-1 block text-sm font-medium">
              CSV file
            </label>
            <input id="import-file" type="file" name="file" accept=".csv,text/csv" required className="block text-sm" />
          </div>
          <button type="submit" name="intent" value="preview" className={secondaryButton} disabled={busy}>
            Preview
          </button>
        </Form>
      </section>

      <div aria-live="polite">
        {result?.step === "applied" ? <FormSuccess message={result.message} /> : <FormError message={result?.message} />}
      </div>

      {result && result.step !== "refused" ? (
        <section aria-labelledby="preview-heading" className="grid gap-3">
          <h2 id="preview-heading" className="text-lg font-semibold">
            {result.step === "applied" ? "Imported" : "Preview"}
          </h2>
          <p className="text-sm text-gray-700" data-testid="import-summary">
            {result.preview.rows.length} {result.preview.rows.length === 1 ? "row" : "rows"}: {result.preview.changes} {result.preview.changes === 1 ? "change" : "changes"},{" "}
            {result.preview.errors} {result.preview.errors === 1 ? "error" : "errors"}
          </p>
          <PreviewRows preview={result.preview} />
          {result.step === "preview" && result.preview.errors === 0 ? (
            <Form method="post">
              <input type="hidden" name="csv" value={result.csv} />
              <button type="submit" name="intent" value="apply" className={primaryButton} disabled={busy}>
                Apply {result.preview.changes} {result.preview.changes === 1 ? "change" : "changes"}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
