import { useEffect, useRef, useState } from "react";
import { Link, data, isRouteErrorResponse, useFetcher, useNavigate, useRouteError } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth/guards";
import { ProductNotFoundError, ProductSaveError, getProductForEdit, saveProduct } from "@server/catalog/admin";
import type { ProductImageOption } from "~/lib/product-form";
import { log } from "@server/log";
import { AdminErrorPanel } from "~/components/admin/error-panel";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { useErrorsClearWhenValid } from "~/components/admin/use-errors-clear-when-valid";
import { FieldErrorsContext, TextField, fieldId } from "~/components/admin/fields";
import { ColoursField, ContentFields, ImagesField, assignFreeImages, valuesFromProduct, type ProductValues } from "~/components/admin/product-fields";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { RichEditor } from "~/components/editor/rich-editor";
import { useToast } from "~/components/ui/toast";
import { adminMeta } from "~/lib/admin";
import { fieldErrorsFrom } from "~/lib/nested-form";
import { parseProductForm, productSlug } from "~/lib/product-form";
import type { Route } from "./+types/product-editor";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.id === "new" ? "Add Product" : "Edit Product");

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (params.id === "new") return data({ product: null });
  const product = isUuid(params.id) ? await getProductForEdit(params.id) : null;
  if (!product) throw data("Product not found", { status: 404 });
  return data({ product });
}

type FieldErrors = Record<string, string>;
type ActionResult =
  | { ok: true; intent: "draft" | "publish" }
  /** `validation`: the form broke a rule (toast 'Validation Error'); `save`: the server refused it (toast 'Error'). */
  | { ok: false; kind: "validation" | "save"; message: string; fieldErrors: FieldErrors };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const fail = (status: number, kind: "validation" | "save", message: string, fieldErrors: FieldErrors = {}) =>
    data<ActionResult>({ ok: false, kind, message, fieldErrors }, { status });
  const id = params.id === "new" ? null : params.id;
  if (id && !isUuid(id)) return fail(404, "save", "This product no longer exists.");
  const parsed = parseProductForm(await readForm(request));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    return fail(400, "validation", Object.values(fieldErrors)[0], fieldErrors);
  }
  try {
    await saveProduct(id, parsed.data, admin);
    return data<ActionResult>({ ok: true, intent: parsed.data.intent });
  } catch (err) {
    if (err instanceof ProductSaveError) return fail(err.fieldErrors.slug ? 409 : 400, "save", err.message, err.fieldErrors);
    if (err instanceof ProductNotFoundError) return fail(404, "save", "This product no longer exists.");
    // Answered rather than thrown: the editor keeps the admin's unsaved work on screen.
    log.error({ err }, "product save failed");
    return fail(500, "save", "Failed to save product. Please try again.");
  }
}

const SUCCESS = { publish: "Product published successfully", draft: "Product saved as draft successfully" } as const;

export default function ProductEditor({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const toast = useToast();
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => valuesFromProduct(product));
  const [values, setValues] = useState(initial);
  const [images, setImages] = useState<ProductImageOption[]>(product?.images ?? []);
  // An existing product keeps its address unless the admin edits the slug: a live URL must not move by itself.
  const [slugTouched, setSlugTouched] = useState(!!product);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmPublish, setConfirmPublish] = useState(false);
  /** Set once a save succeeded: the way back to the list is not "leaving with unsaved changes". */
  const [saved, setSaved] = useState(false);
  const saving = fetcher.state !== "idle";
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  /** The intent of the last save: publishing asks more (a colour) than a draft. */
  const lastIntent = useRef<"draft" | "publish">("draft");
  useErrorsClearWhenValid(form, errors, setErrors, (body) => {
    body.set("intent", lastIntent.current);
    const parsed = parseProductForm(body);
    return parsed.success ? {} : fieldErrorsFrom(parsed.error.issues);
  }, values);

  function set<K extends keyof ProductValues>(key: K, value: ProductValues[K], structural = false) {
    setValues((v) => ({ ...v, [key]: value }));
    // Messages of rows are keyed by position: after adding, removing or moving rows they would point at the wrong row.
    if (structural) setErrors({});
  }

  function showErrors(errs: FieldErrors, title: string, message: string) {
    setErrors(errs);
    toast({ title, description: message, variant: "destructive" });
    // The first invalid control in page order takes focus (the description's is its editor).
    requestAnimationFrame(() => {
      const ids = new Set(Object.keys(errs).map(fieldId));
      const first = [...(form.current?.querySelectorAll<HTMLElement>("[id^='field-']") ?? [])].find((el) => ids.has(el.id));
      const target = first?.matches("input, select, textarea, button") ? first : first?.querySelector<HTMLElement>("[contenteditable='true'], textarea");
      (target ?? first)?.focus();
    });
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      setSaved(true);
      // The toast lives in the root, so it stays on screen across the navigation.
      toast({ title: "Success", description: SUCCESS[result.intent] });
    } else {
      showErrors(result.fieldErrors, result.kind === "validation" ? "Validation Error" : "Error", result.message);
    }
    // Only a new answer from the server matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  // Back to the list once the guard below has seen the save (it would otherwise ask to leave).
  useEffect(() => {
    if (saved) navigate("/admin/products");
  }, [saved, navigate]);

  function submit(intent: "draft" | "publish") {
    if (!form.current) return;
    const body = new FormData(form.current);
    body.set("intent", intent);
    lastIntent.current = intent;
    const parsed = parseProductForm(body);
    if (!parsed.success) {
      const errs = fieldErrorsFrom(parsed.error.issues);
      showErrors(errs, "Validation Error", Object.values(errs)[0]);
      return;
    }
    setErrors({});
    fetcher.submit(body, { method: "post" });
  }

  const slugShown = productSlug(values.slug) || productSlug(values.title);
  const card = "grid gap-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5";
  const button = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60";

  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin/products" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
        <span aria-hidden="true">←</span> Back to Products
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">{product ? "Edit Product" : "Add Product"}</h2>
        {product ? <PublishStatusBadge status={product.status} /> : null}
      </div>

      <FieldErrorsContext.Provider value={errors}>
        <fetcher.Form
          ref={form}
          method="post"
          noValidate
          onSubmit={(e) => {
            // Enter in a field saves a draft; publishing always goes through the dialog.
            e.preventDefault();
            submit("draft");
          }}
          className="mt-6 grid gap-6"
        >
          <section aria-labelledby="product-basics" className={card}>
            <h3 id="product-basics" className="text-lg font-semibold">
              Product details
            </h3>
            <TextField
              path="title"
              name="title"
              label="Product Title"
              required
              maxLength={200}
              value={values.title}
              onChange={(e) => {
                const title = e.target.value;
                setValues((v) => ({ ...v, title, slug: slugTouched ? v.slug : productSlug(title) }));
              }}
            />
            <div id={fieldId("descriptionHtml")} tabIndex={-1}>
              <RichEditor name="descriptionHtml" label="Description" defaultValue={initial.descriptionHtml} onChange={(html) => set("descriptionHtml", html)} />
              {errors.descriptionHtml ? (
                <p id={`${fieldId("descriptionHtml")}-error`} className="mt-1 text-sm font-medium text-red-700">
                  {errors.descriptionHtml}
                </p>
              ) : null}
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField path="price" name="price" label="Price" prefix="$" type="number" min="0.01" step="0.01" inputMode="decimal" required value={values.price} onChange={(e) => set("price", e.target.value)} />
              <TextField
                path="compareAtPrice"
                name="compareAtPrice"
                label="Compare-at Price"
                prefix="$"
                type="number"
                min="0.01"
                step="0.01"
                inputMode="decimal"
                hint="Optional: the earlier price, shown struck through."
                value={values.compareAtPrice}
                onChange={(e) => set("compareAtPrice", e.target.value)}
              />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                path="slug"
                name="slug"
                label="Slug"
                maxLength={100}
                hint={`Shown at /products/${slugShown || "…"}`}
                value={values.slug}
                onChange={(e) => {
                  setSlugTouched(e.target.value !== "");
                  set("slug", e.target.value);
                }}
              />
              <TextField
                path="externalUrl"
                name="externalUrl"
                label="External Product URL"
                type="url"
                inputMode="url"
                placeholder="https://"
                hint="This product in another shop; the product page links to it as 'Also available at'."
                value={values.externalUrl}
                onChange={(e) => set("externalUrl", e.target.value)}
              />
            </div>
          </section>

          <section aria-label="Images and colours" className={card}>
            <ImagesField
              images={images}
              onUploaded={(added) => {
                const all = [...images, ...added];
                setImages(all);
                set("colors", assignFreeImages(values.colors, all));
              }}
              onRemove={(id) => {
                setImages(images.filter((i) => i.id !== id));
                set(
                  "colors",
                  values.colors.map((c) => (c.imageId === id ? { ...c, imageId: "" } : c)),
                );
              }}
            />
            <ColoursField colors={values.colors} images={images} onChange={(colors, structural) => set("colors", colors, structural)} />
          </section>

          <section aria-labelledby="product-content" className={card}>
            <h3 id="product-content" className="text-lg font-semibold">
              Product page content
            </h3>
            <ContentFields values={values} set={set} />
          </section>

          <div data-action-bar className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
            <p role="status" className="mr-auto text-sm text-gray-600">
              {saving ? "Saving..." : dirty ? "Unsaved changes" : ""}
            </p>
            <button type="button" disabled={saving} onClick={() => submit("draft")} className={`${button} border border-gray-300 bg-white hover:bg-gray-50`}>
              Save Draft
            </button>
            <button type="button" disabled={saving} onClick={() => setConfirmPublish(true)} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
              Publish
            </button>
          </div>
        </fetcher.Form>
      </FieldErrorsContext.Provider>

      <ConfirmDialog
        open={confirmPublish}
        onOpenChange={setConfirmPublish}
        title="Publish Product"
        description="This product will be immediately visible on your website. Are you sure you want to publish?"
        confirmLabel="Publish"
        onConfirm={() => submit("publish")}
      />
      <UnsavedChangesGuard when={dirty && !saving && !saved} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminErrorPanel
      title={missing ? "Product not found" : "Error"}
      message={missing ? "This product does not exist or was deleted." : "The product could not be loaded. Please try again."}
      action={
        <Link to="/admin/products" className="inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Back to Products
        </Link>
      }
    />
  );
}
