import { useState } from "react";
import { Link, data } from "react-router";
import { requireAdmin } from "@server/auth";
import { getProductForEdit, marketPriceChoices, saveProduct } from "@server/catalog";
import type { ProductForEdit, ProductImageOption } from "@core/product-form";
import { log } from "@server/log";
import { AdminErrorBoundary } from "~/components/admin/error-panel";
import { EditorActionBar, EditorShell, MissingRecord } from "~/components/admin/editor-shell";
import { useEditorForm, type EditorResult } from "~/components/admin/use-editor-form";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { FieldErrorsContext, TextField, fieldId } from "~/components/ui/field";
import {
  CollectionFields,
  ColoursField,
  ContentFields,
  DefaultVariantFields,
  ImagesField,
  MarketPricesField,
  OptionsChoice,
  assignFreeImages,
  valuesFromProduct,
  type ProductValues,
} from "~/components/admin/product-fields";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { RichEditor } from "~/components/editor/rich-editor";
import { adminMeta } from "~/lib/admin";
import { fieldErrors } from "@core/form";
import { parseProductForm, productSlug } from "@core/product-form";
import type { Route } from "./+types/product-editor";
import { readForm } from "@server/http/form";
import { isUuid } from "@server/http/request";
import { DomainError } from "@server/errors";
import { domainErrorResponse } from "@server/http/responses";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.id === "new" ? "Add Product" : "Edit Product");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "products");
  if (params.id === "new") return data({ product: null, markets: await marketPriceChoices(null), missing: false });
  const product = isUuid(params.id) ? await getProductForEdit(params.id) : null;
  // The editors' one rule for a missing record (MissingRecord): a 404 the page explains.
  if (!product) return data({ product: null, markets: await marketPriceChoices(null), missing: true }, { status: 404 });
  return data({ product, markets: await marketPriceChoices(product), missing: false });
}

type FieldErrors = Record<string, string>;
/** `validation`: the form broke a rule (toast 'Validation Error'); `save`: the server refused it (toast 'Error'). */
type ActionResult = EditorResult<"draft" | "publish">;

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "products");
  const fail = (status: number, kind: "validation" | "save", message: string, fieldErrors: FieldErrors = {}) =>
    data<ActionResult>({ ok: false, kind, message, fieldErrors }, { status });
  const id = params.id === "new" ? null : params.id;
  if (id && !isUuid(id)) return fail(404, "save", "This product no longer exists.");
  const parsed = parseProductForm(await readForm(request));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return fail(400, "validation", Object.values(errors)[0], errors);
  }
  try {
    await saveProduct(id, parsed.data, admin);
    return data<ActionResult>({ ok: true, intent: parsed.data.intent });
  } catch (err) {
    if (err instanceof DomainError) return domainErrorResponse(err, (e): ActionResult => ({ ok: false, kind: "save", message: e.publicMessage, fieldErrors: e.fieldErrors }));
    // Answered rather than thrown: the editor keeps the admin's unsaved work on screen.
    log.error({ err }, "product save failed");
    return fail(500, "save", "Failed to save product. Please try again.");
  }
}

const SUCCESS = { publish: "Product published successfully", draft: "Product saved as draft successfully" } as const;

export default function ProductEditor({ loaderData }: Route.ComponentProps) {
  if (loaderData.missing) return <MissingRecord thing="product" list={LIST} />;
  return <ProductForm product={loaderData.product} markets={loaderData.markets} />;
}

const LIST = { to: "/admin/products", label: "Back to Products" };

function ProductForm({ product, markets }: { product: ProductForEdit | null; markets: Route.ComponentProps["loaderData"]["markets"] }) {
  const [initial] = useState(() => valuesFromProduct(product));
  const [values, setValues] = useState(initial);
  const [images, setImages] = useState<ProductImageOption[]>(product?.images ?? []);
  // An existing product keeps its address unless the admin edits the slug: a live URL must not move by itself.
  const [slugTouched, setSlugTouched] = useState(!!product);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const { fetcher, form, errors, setErrors, saving, dirty, submit, guard } = useEditorForm<"draft" | "publish", ProductValues>({
    values,
    problems: (body) => {
      const parsed = parseProductForm(body);
      return parsed.success ? {} : fieldErrors(parsed.error);
    },
    list: LIST.to,
    successMessage: (intent) => SUCCESS[intent],
    invalidTitle: "Validation Error",
    fallbackMessage: "Failed to save product",
  });

  function set<K extends keyof ProductValues>(key: K, value: ProductValues[K], structural = false) {
    setValues((v) => ({ ...v, [key]: value }));
    // Messages of rows are keyed by position: after adding, removing or moving rows they would point at the wrong row.
    if (structural) setErrors({});
  }

  const slugShown = productSlug(values.slug) || productSlug(values.title);
  const card = "grid gap-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5";

  return (
    <EditorShell back={LIST} title={product ? "Edit Product" : "Add Product"} badge={product ? <PublishStatusBadge status={product.status} /> : null}>
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
            <CollectionFields values={values} set={set} />
            <MarketPricesField markets={markets} values={values.marketPrices} onChange={(next) => set("marketPrices", next)} />
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
            <OptionsChoice
              values={values}
              onChange={(hasColours, colors) => {
                setValues((v) => ({ ...v, hasColours, colors }));
                setErrors({});
              }}
            />
            {values.hasColours ? (
              <ColoursField colors={values.colors} images={images} onChange={(colors, structural) => set("colors", colors, structural)} />
            ) : (
              <DefaultVariantFields row={values.colors[0]} images={images} onChange={(row) => set("colors", [row])} />
            )}
            <TextField
              className="max-w-xs"
              path="lowStockThreshold"
              name="lowStockThreshold"
              label="Low stock at"
              type="number"
              min={0}
              max={9999}
              step={1}
              inputMode="numeric"
              hint="A colour with this many units or fewer available is highlighted in Inventory, listed on the dashboard and shows 'Only N left' in the shop."
              value={values.lowStockThreshold}
              onChange={(e) => set("lowStockThreshold", e.target.value)}
            />
          </section>

          <section aria-labelledby="product-content" className={card}>
            <h3 id="product-content" className="text-lg font-semibold">
              Product page content
            </h3>
            <ContentFields values={values} set={set} />
          </section>

          <EditorActionBar status={saving ? "Saving..." : dirty ? "Unsaved changes" : ""}>
            <button type="button" disabled={saving} onClick={() => submit("draft")} className={buttonClass("secondary", "small")}>
              Save Draft
            </button>
            <button type="button" disabled={saving} onClick={() => setConfirmPublish(true)} className={buttonClass("primary", "small")}>
              Publish
            </button>
          </EditorActionBar>
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
      <UnsavedChangesGuard when={guard} />
    </EditorShell>
  );
}

export function ErrorBoundary() {
  return (
    <AdminErrorBoundary
      title="Error"
      message="The product could not be loaded. Please try again."
      action={
        <Link to="/admin/products" className={buttonClass("primary", "small")}>
          Back to Products
        </Link>
      }
    />
  );
}
