import { useId, useState } from "react";
import type { MarketPriceChoice, ProductForEdit, ProductImageOption } from "@core/product-form";
import { useToast } from "~/components/ui/toast";
import { centsToDecimal, currencySymbol, formatMoney } from "@core/money";
import { PRODUCT_TABS } from "@core/product-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "@core/stock";
import { Icon } from "./icons";
import { RowList, rowKey, type Row } from "./row-list";
import { COLLECTIONS, type ProductType } from "@core/collections";
import { DEFAULT_VARIANT, hasColours } from "@core/variant";

/** The product editor's state: what its inputs show, as text, with a key per repeatable row. */
export type ColourRow = Row & { id: string; name: string; hex: string; sku: string; stock: string; baseStock: string; imageId: string };
export type ProductValues = {
  title: string;
  descriptionHtml: string;
  price: string;
  compareAtPrice: string;
  /** By market id; empty boxes mean "converted from USD". */
  marketPrices: Record<string, { price: string; compareAtPrice: string }>;
  externalUrl: string;
  slug: string;
  badge: string;
  highlights: string;
  type: ProductType;
  /** False: one default variant holds the stock and the shop shows no colour choice. */
  hasColours: boolean;
  featured: boolean;
  featuredPosition: string;
  colors: ColourRow[];
  lowStockThreshold: string;
  tabs: string[];
  overview: (Row & { heading: string; body: string })[];
  specifications: (Row & { label: string; value: string })[];
  sections: (Row & { heading: string; body: string; items: string })[];
  columns: (Row & { name: string })[];
  comparisonRows: (Row & { label: string; values: string[] })[];
};

export function valuesFromProduct(p: ProductForEdit | null): ProductValues {
  const content = p?.content ?? {};
  return {
    title: p?.title ?? "",
    descriptionHtml: p?.descriptionHtml ?? "",
    price: p ? centsToDecimal(p.priceCents) : "",
    compareAtPrice: p?.compareAtCents ? centsToDecimal(p.compareAtCents) : "",
    marketPrices: Object.fromEntries(
      (p?.marketPrices ?? []).map((m) => [m.marketId, { price: centsToDecimal(m.priceMinor), compareAtPrice: m.compareAtMinor ? centsToDecimal(m.compareAtMinor) : "" }]),
    ),
    externalUrl: p?.externalUrl ?? "",
    slug: p?.slug ?? "",
    badge: p?.badge ?? "",
    highlights: p?.highlights ?? "",
    type: p?.type ?? "console",
    hasColours: p ? hasColours(p.colors) : true,
    featured: p?.featuredPosition != null,
    featuredPosition: p?.featuredPosition != null ? String(p.featuredPosition) : "",
    colors: (p?.colors ?? []).map((c) => ({ key: rowKey(), id: c.id, name: c.name, hex: c.hex, sku: c.sku ?? "", stock: String(c.stock), baseStock: String(c.stock), imageId: c.imageId ?? "" })),
    lowStockThreshold: String(p?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD),
    // A new product starts with the tabs every seeded product has.
    tabs: p ? (content.tabs ?? []) : ["overview", "specifications", "reviews"],
    overview: (content.overview ?? []).map((o) => ({ key: rowKey(), ...o })),
    specifications: (content.specifications ?? []).map((s) => ({ key: rowKey(), ...s })),
    sections: (content.sections ?? []).map((s) => ({ key: rowKey(), heading: s.heading, body: s.body, items: (s.items ?? []).join("\n") })),
    columns: (content.comparison?.columns ?? []).map((name) => ({ key: rowKey(), name })),
    comparisonRows: (content.comparison?.rows ?? []).map((r) => ({ key: rowKey(), label: r.label, values: r.values })),
  };
}

/**
 * The product's own price (and compare-at price) in each enabled market other than the US one. Empty
 * boxes: the shop converts the USD price with the market's rate and rounding (the hint shows the
 * result for the saved price).
 */
export function MarketPricesField({
  markets,
  values,
  onChange,
}: {
  markets: MarketPriceChoice[];
  values: ProductValues["marketPrices"];
  onChange: (next: ProductValues["marketPrices"]) => void;
}) {
  if (markets.length === 0) return null;
  const set = (id: string, field: "price" | "compareAtPrice", value: string) =>
    onChange({ ...values, [id]: { price: values[id]?.price ?? "", compareAtPrice: values[id]?.compareAtPrice ?? "", [field]: value } });
  const converted = (minor: number | null, currency: string) => (minor === null ? "converted from the US price once saved" : `${formatMoney(minor, currency)}, converted from the saved US price`);
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-gray-900">Prices in other markets</legend>
      <p className="mt-1 text-sm text-gray-600">Optional. Leave empty to convert the US price with the market&apos;s rate and rounding (Settings, Markets).</p>
      <div className="mt-3 grid gap-4">
        {markets.map((m) => (
          <div key={m.id} className="grid gap-4 sm:grid-cols-2">
            <TextField
              path={`marketPrices.${m.id}.price`}
              name={`marketPrices.${m.id}.price`}
              label={`Price in ${m.name} (${m.currency})`}
              prefix={currencySymbol(m.currency)}
              inputMode="decimal"
              hint={`Empty: ${converted(m.convertedMinor, m.currency)}.`}
              value={values[m.id]?.price ?? ""}
              onChange={(e) => set(m.id, "price", e.target.value)}
            />
            <TextField
              path={`marketPrices.${m.id}.compareAtPrice`}
              name={`marketPrices.${m.id}.compareAtPrice`}
              label={`Compare-at price in ${m.name} (${m.currency})`}
              prefix={currencySymbol(m.currency)}
              inputMode="decimal"
              hint={`Optional, with this market's price.${m.convertedCompareAtMinor === null ? "" : ` Both empty: ${formatMoney(m.convertedCompareAtMinor, m.currency)}, converted.`}`}
              value={values[m.id]?.compareAtPrice ?? ""}
              onChange={(e) => set(m.id, "compareAtPrice", e.target.value)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export const newColour = (imageId = ""): ColourRow => ({ key: rowKey(), id: "", name: "", hex: "#000000", sku: "", stock: "0", baseStock: "", imageId });

/** Colours without an image get the uploaded images nobody uses yet, in order (the first image goes with the first colour). */
export function assignFreeImages(colors: ColourRow[], images: ProductImageOption[]): ColourRow[] {
  const free = images.map((i) => i.id).filter((id) => !colors.some((c) => c.imageId === id));
  return colors.map((c) => (c.imageId || free.length === 0 ? c : { ...c, imageId: free.shift()! }));
}

const UPLOAD_URL = "/api/admin/products/images";

/** Upload (several at once) and the list of the product's images; each can be taken off the product. */
export function ImagesField({ images, onUploaded, onRemove }: { images: ProductImageOption[]; onUploaded: (added: ProductImageOption[]) => void; onRemove: (id: string) => void }) {
  const id = useId();
  const toast = useToast();
  const [uploading, setUploading] = useState(false);

  async function upload(files: File[]) {
    setUploading(true);
    try {
      const body = new FormData();
      for (const f of files) body.append("files", f);
      const res = await fetch(UPLOAD_URL, { method: "POST", body });
      const result = (await res.json().catch(() => ({}))) as { images?: ProductImageOption[]; message?: string };
      if (!res.ok || !result.images) throw new Error(result.message ?? "The images could not be uploaded.");
      onUploaded(result.images);
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : "The images could not be uploaded.", variant: "destructive" });
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-gray-900">Images</legend>
      <label htmlFor={`${id}-files`} className="mt-1 block text-sm text-gray-700">
        Upload images (PNG, JPEG, WebP, GIF or AVIF, up to 8 MB each, 10 at a time). The first image goes with the first colour.
      </label>
      <input
        id={`${id}-files`}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        disabled={uploading}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          if (files.length) void upload(files);
          e.target.value = "";
        }}
        className="mt-2 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
      />
      <p role="status" className="mt-1 text-sm text-gray-600">
        {uploading ? "Uploading..." : ""}
      </p>
      {images.length ? (
        <ol aria-label="Product images" className="mt-2 flex flex-wrap gap-3">
          {images.map((image, i) => (
            <li key={image.id} className="w-24">
              <img src={image.src} alt={image.alt || `Image ${i + 1}`} width={96} height={96} className="h-24 w-24 rounded-lg border border-gray-200 bg-white object-contain" />
              <div className="mt-1 flex items-center justify-between gap-1 text-xs text-gray-700">
                <span>Image {i + 1}</span>
                <Button variant="secondary" size="compact" aria-label={`Remove image ${i + 1}`} onClick={() => onRemove(image.id)} className="px-1.5 py-1 text-red-700">
                  <Icon name="trash" className="h-3.5 w-3.5" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-gray-600">No images yet.</p>
      )}
      <p className="mt-2 text-xs text-gray-600">Only images chosen for a colour are shown in the shop and kept with the product.</p>
    </fieldset>
  );
}

export function ColoursField({
  colors,
  images,
  onChange,
}: {
  colors: ColourRow[];
  images: ProductImageOption[];
  onChange: (colors: ColourRow[], structural: boolean) => void;
}) {
  return (
    <RowList
      path="colors"
      legend="Product Colors"
      itemLabel="Colour"
      hint="One row per colour the shop sells. At least one colour is needed to publish."
      items={colors}
      onChange={onChange}
      create={() => assignFreeImages([newColour()], images.filter((i) => !colors.some((c) => c.imageId === i.id)))[0]}
      addLabel="Add colour"
    >
      {(c, i, update) => {
        return (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_8rem_9rem_6rem_minmax(0,1fr)]">
            <input type="hidden" name={`colors.${i}.id`} value={c.id} />
            <input type="hidden" name={`colors.${i}.baseStock`} value={c.baseStock} />
            <TextField className="col-span-2 lg:col-span-1" path={`colors.${i}.name`} name={`colors.${i}.name`} label="Name" maxLength={40} value={c.name} onChange={(e) => update({ name: e.target.value })} />
            <TextField
              path={`colors.${i}.hex`}
              name={`colors.${i}.hex`}
              label="Colour"
              type="color"
              value={c.hex}
              onChange={(e) => update({ hex: e.target.value })}
              hint={c.hex.toUpperCase()}
              className="[&_input]:h-10 [&_input]:p-1"
            />
            <TextField path={`colors.${i}.sku`} name={`colors.${i}.sku`} label="SKU" maxLength={40} autoCapitalize="characters" spellCheck={false} value={c.sku} onChange={(e) => update({ sku: e.target.value })} />
            <TextField path={`colors.${i}.stock`} name={`colors.${i}.stock`} label="Stock" type="number" min={0} step={1} inputMode="numeric" value={c.stock} onChange={(e) => update({ stock: e.target.value })} />
            <VariantImageField className="col-span-2 lg:col-span-1" path={`colors.${i}.imageId`} images={images} value={c.imageId} onChange={(imageId) => update({ imageId })} />
          </div>
        );
      }}
    </RowList>
  );
}

const TAB_LABELS: Record<(typeof PRODUCT_TABS)[number], string> = { overview: "Overview", specifications: "Specifications", reviews: "Reviews" };

/** The product page's content blocks (products.content and badge) as structured fields. */
export function ContentFields({ values, set }: { values: ProductValues; set: <K extends keyof ProductValues>(key: K, value: ProductValues[K], structural?: boolean) => void }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <TextField path="badge" name="badge" label="Badge" maxLength={40} hint="A short label on the product page, like 'New Release'." value={values.badge} onChange={(e) => set("badge", e.target.value)} />
        <TextAreaField
          path="highlights"
          name="highlights"
          label="Product Highlights"
          rows={3}
          maxLength={2000}
          hint="Plain text under the overview. Empty: the description's text is used."
          value={values.highlights}
          onChange={(e) => set("highlights", e.target.value)}
        />
      </div>

      <fieldset>
        <legend className="text-base font-semibold text-gray-900">Product page tabs</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {PRODUCT_TABS.map((tab) => (
            <label key={tab} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="tabs"
                value={tab}
                checked={values.tabs.includes(tab)}
                onChange={(e) => set("tabs", e.target.checked ? [...values.tabs, tab] : values.tabs.filter((t) => t !== tab))}
                className="h-4 w-4 accent-brand-700"
              />
              {TAB_LABELS[tab]}
            </label>
          ))}
        </div>
      </fieldset>

      <RowList
        path="overview"
        legend="Overview blocks"
        itemLabel="Overview block"
        items={values.overview}
        onChange={(items, structural) => set("overview", items, structural)}
        create={() => ({ key: rowKey(), heading: "", body: "" })}
        addLabel="Add overview block"
      >
        {(o, i, update) => (
          <div className="grid gap-3">
            <TextField path={`overview.${i}.heading`} name={`overview.${i}.heading`} label="Heading" maxLength={120} value={o.heading} onChange={(e) => update({ heading: e.target.value })} />
            <TextAreaField path={`overview.${i}.body`} name={`overview.${i}.body`} label="Text" rows={2} maxLength={2000} value={o.body} onChange={(e) => update({ body: e.target.value })} />
          </div>
        )}
      </RowList>

      <RowList
        path="specifications"
        legend="Specifications"
        itemLabel="Specification"
        items={values.specifications}
        onChange={(items, structural) => set("specifications", items, structural)}
        create={() => ({ key: rowKey(), label: "", value: "" })}
        addLabel="Add specification"
      >
        {(s, i, update) => (
          <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
            <TextField path={`specifications.${i}.label`} name={`specifications.${i}.label`} label="Name" maxLength={80} value={s.label} onChange={(e) => update({ label: e.target.value })} />
            <TextField path={`specifications.${i}.value`} name={`specifications.${i}.value`} label="Value" maxLength={300} value={s.value} onChange={(e) => update({ value: e.target.value })} />
          </div>
        )}
      </RowList>

      <RowList
        path="sections"
        legend="Marketing sections"
        itemLabel="Section"
        items={values.sections}
        onChange={(items, structural) => set("sections", items, structural)}
        create={() => ({ key: rowKey(), heading: "", body: "", items: "" })}
        addLabel="Add section"
      >
        {(s, i, update) => (
          <div className="grid gap-3">
            <TextField path={`sections.${i}.heading`} name={`sections.${i}.heading`} label="Heading" maxLength={120} value={s.heading} onChange={(e) => update({ heading: e.target.value })} />
            <TextAreaField path={`sections.${i}.body`} name={`sections.${i}.body`} label="Text" rows={3} maxLength={4000} value={s.body} onChange={(e) => update({ body: e.target.value })} />
            <TextAreaField path={`sections.${i}.items`} name={`sections.${i}.items`} label="List items" hint="Optional, one per line." rows={3} maxLength={4000} value={s.items} onChange={(e) => update({ items: e.target.value })} />
          </div>
        )}
      </RowList>

      <fieldset className="min-w-0">
        <legend className="text-base font-semibold text-gray-900">Comparison table</legend>
        <p className="mt-1 text-sm text-gray-600">Columns are the products compared; each row is one feature with a value per column.</p>
        <div className="mt-3 grid gap-4 lg:grid-cols-[18rem_1fr]">
          <RowList
            path="comparison.columns"
            legend="Columns"
            itemLabel="Column"
            items={values.columns}
            onChange={(items, structural) => {
              // Row values are stored by column position: they follow their column when it moves or goes.
              const from = items.map((c) => values.columns.findIndex((old) => old.key === c.key));
              set("columns", items, structural);
              if (structural) set("comparisonRows", values.comparisonRows.map((r) => ({ ...r, values: from.map((k) => (k < 0 ? "" : (r.values[k] ?? ""))) })), true);
            }}
            create={() => ({ key: rowKey(), name: "" })}
            addLabel="Add column"
          >
            {(c, i, update) => (
              <TextField path={`comparison.columns.${i}`} name={`comparison.columns.${i}`} label="Name" maxLength={60} value={c.name} onChange={(e) => update({ name: e.target.value })} />
            )}
          </RowList>
          <RowList
            path="comparison.rows"
            legend="Rows"
            itemLabel="Comparison row"
            items={values.comparisonRows}
            onChange={(items, structural) => set("comparisonRows", items, structural)}
            create={() => ({ key: rowKey(), label: "", values: [] })}
            addLabel="Add row"
          >
            {(r, i, update) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField path={`comparison.rows.${i}.label`} name={`comparison.rows.${i}.label`} label="Feature" maxLength={80} value={r.label} onChange={(e) => update({ label: e.target.value })} />
                {values.columns.map((col, n) => (
                  <TextField
                    key={col.key}
                    path={`comparison.rows.${i}.values.${n}`}
                    name={`comparison.rows.${i}.values.${n}`}
                    label={col.name || `Column ${n + 1}`}
                    maxLength={200}
                    value={r.values[n] ?? ""}
                    onChange={(e) => update({ values: values.columns.map((_, k) => (k === n ? e.target.value : (r.values[k] ?? ""))) })}
                  />
                ))}
              </div>
            )}
          </RowList>
        </div>
      </fieldset>
    </div>
  );
}

/** Which collection lists the product, and its place in the home page's featured row. */
export function CollectionFields({ values, set }: { values: ProductValues; set: <K extends keyof ProductValues>(key: K, value: ProductValues[K]) => void }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        path="type"
        name="type"
        label="Collection"
        value={values.type}
        onChange={(e) => set("type", e.target.value as ProductType)}
        options={COLLECTIONS.map((c) => ({ value: c.type, label: c.title }))}
      />
      <div className="grid gap-3">
        <CheckboxField path="featured" name="featured" label="Feature on the home page" checked={values.featured} onChange={(e) => set("featured", e.target.checked)} />
        {values.featured ? (
          <TextField
            path="featuredPosition"
            name="featuredPosition"
            label="Position on the home page"
            type="number"
            min={0}
            max={999}
            step={1}
            inputMode="numeric"
            hint="Lower numbers come first."
            value={values.featuredPosition}
            onChange={(e) => set("featuredPosition", e.target.value)}
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * Colours to choose from, or none. Without options the product keeps one row, the default variant,
 * with its stock and image only; switching back keeps that row for the admin to name.
 */
export function OptionsChoice({ values, onChange }: { values: ProductValues; onChange: (hasColours: boolean, colors: ColourRow[]) => void }) {
  const choose = (colours: boolean) =>
    onChange(colours, colours ? values.colors : [{ ...(values.colors[0] ?? newColour()), name: DEFAULT_VARIANT.name, hex: DEFAULT_VARIANT.hex }]);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">Options</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-800">
        <label className="flex items-center gap-2">
          <input type="radio" name="options" value="colours" checked={values.hasColours} onChange={() => choose(true)} className="h-4 w-4 accent-brand-700" />
          Colours
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="options" value="none" checked={!values.hasColours} onChange={() => choose(false)} className="h-4 w-4 accent-brand-700" />
          No options (one stock count)
        </label>
      </div>
    </fieldset>
  );
}

/** The one stock count and image of a product without options (its default variant). */
export function DefaultVariantFields({ row, images, onChange }: { row: ColourRow; images: ProductImageOption[]; onChange: (row: ColourRow) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[9rem_7rem_minmax(0,1fr)]">
      <input type="hidden" name="colors.0.id" value={row.id} />
      <input type="hidden" name="colors.0.baseStock" value={row.baseStock} />
      <input type="hidden" name="colors.0.name" value={DEFAULT_VARIANT.name} />
      <input type="hidden" name="colors.0.hex" value={DEFAULT_VARIANT.hex} />
      <TextField path="colors.0.sku" name="colors.0.sku" label="SKU" maxLength={40} autoCapitalize="characters" spellCheck={false} value={row.sku} onChange={(e) => onChange({ ...row, sku: e.target.value })} />
      <TextField path="colors.0.stock" name="colors.0.stock" label="Stock" type="number" min={0} step={1} inputMode="numeric" value={row.stock} onChange={(e) => onChange({ ...row, stock: e.target.value })} />
      <VariantImageField path="colors.0.imageId" images={images} value={row.imageId} onChange={(imageId) => onChange({ ...row, imageId })} />
    </div>
  );
}

/** Which uploaded image a variant shows, with a thumbnail of the choice. */
function VariantImageField({ path, images, value, onChange, className = "" }: { path: string; images: ProductImageOption[]; value: string; onChange: (imageId: string) => void; className?: string }) {
  const image = images.find((img) => img.id === value);
  return (
    <div className={`flex items-end gap-2 ${className}`}>
      <div className="min-w-0 flex-1">
        <SelectField name={path} label="Image" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">No image</option>
          {images.map((img, n) => (
            <option key={img.id} value={img.id}>
              Image {n + 1}
            </option>
          ))}
        </SelectField>
      </div>
      {image ? <img src={image.src} alt="" width={40} height={40} className="mb-0.5 h-10 w-10 shrink-0 rounded border border-gray-200 bg-white object-contain" /> : null}
    </div>
  );
}
