import type { ProductContent } from "@core/product-content";
import { truncate } from "@core/text";

/** The editable content blocks of a product page (products.content), one component per block. */

export function Overview({
  overview,
  highlights,
  descriptionHtml,
}: {
  overview: ProductContent["overview"];
  highlights: string;
  /** Already sanitised by the catalogue read. */
  descriptionHtml: string;
}) {
  return (
    <div className="flex flex-col gap-10">
      {overview?.length ? (
        <div className="grid gap-6 sm:grid-cols-2">
          {overview.map((o) => (
            <section key={o.heading} className="rounded-2xl bg-gray-50 p-6">
              <h3 className="text-lg font-semibold">{o.heading}</h3>
              <p className="mt-2 leading-7 text-gray-700">{o.body}</p>
            </section>
          ))}
        </div>
      ) : null}
      {highlights ? (
        <section>
          <h3 className="text-xl font-bold">Product Highlights</h3>
          <p className="mt-3 max-w-prose leading-7 text-gray-700">{truncate(highlights, 400)}</p>
        </section>
      ) : null}
      {descriptionHtml ? (
        <section>
          <h3 className="text-xl font-bold">Full Description</h3>
          <div className="prose-shop max-w-prose text-gray-800" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
        </section>
      ) : null}
    </div>
  );
}

export function Specifications({ rows }: { rows: NonNullable<ProductContent["specifications"]> }) {
  return (
    <table className="w-full max-w-3xl border-collapse text-left text-sm">
      <caption className="sr-only">Specifications</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-b border-gray-200">
            <th scope="row" className="w-1/3 py-3 pr-4 font-semibold text-gray-900">
              {r.label}
            </th>
            <td className="py-3 text-gray-700">{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MarketingSections({ sections }: { sections: NonNullable<ProductContent["sections"]> }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {sections.map((s) => (
        // A section with a list of items gets the full width; short prose sits two to a row.
        <section key={s.heading} className={`rounded-2xl border border-gray-200 p-6 shadow-sm ${s.items?.length ? "md:col-span-2" : ""}`}>
          <h2 className="text-2xl font-bold">{s.heading}</h2>
          <p className="mt-3 leading-7 text-gray-700">{s.body}</p>
          {s.items?.length ? (
            <ul className="mt-4 flex flex-wrap gap-2">
              {s.items.map((item) => (
                <li key={item} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

export function ComparisonTable({
  comparison,
  highlight,
}: {
  comparison: NonNullable<ProductContent["comparison"]>;
  /** Column to emphasise: the product of this page. */
  highlight?: string;
}) {
  return (
    <section aria-labelledby="comparison-heading">
      <h2 id="comparison-heading" className="text-2xl font-bold">
        How it compares
      </h2>
      {/* Scrolls sideways on narrow screens instead of squeezing; focusable so a keyboard can scroll it. */}
      <div className="mt-4 overflow-x-auto rounded-2xl border border-gray-200" tabIndex={0} role="region" aria-labelledby="comparison-heading">
        <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
          <thead className="bg-gray-50">
            <tr>
              <td className="p-3" />
              {comparison.columns.map((c) => (
                <th key={c} scope="col" className={`p-3 font-semibold ${c === highlight ? "text-brand-800" : "text-gray-900"}`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((r) => (
              <tr key={r.label} className="border-t border-gray-200">
                <th scope="row" className="p-3 font-semibold text-gray-900">
                  {r.label}
                </th>
                {r.values.map((v, i) => (
                  <td key={i} className={`p-3 ${comparison.columns[i] === highlight ? "bg-brand-50 font-medium" : "text-gray-700"}`}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
