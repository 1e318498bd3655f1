import { Link } from "react-router";

/** Page links around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - shown[i - 1] > 1 ? ["gap" as const, p] : [p]));
}

/** Previous, numbered and Next links of an admin list; nothing when there is one page. */
export function Pager({ page, pageCount, href, label }: { page: number; pageCount: number; href: (page: number) => string; label: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-1 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 font-medium">
          Previous
        </Link>
      ) : null}
      {pageWindow(page, pageCount).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={href(p)}
            aria-label={`Page ${p}`}
            aria-current={p === page ? "page" : undefined}
            className={`rounded-lg border px-3 py-1.5 font-medium ${p === page ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white"}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 font-medium">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
