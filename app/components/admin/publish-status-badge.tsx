/** A product's or post's status (spec: published in the default solid style, draft secondary). */
export function PublishStatusBadge({ status }: { status: string }) {
  const published = status === "published";
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        published ? "bg-brand-700 text-white ring-brand-700" : "bg-gray-100 text-gray-700 ring-gray-500/20"
      }`}
    >
      {published ? "Published" : "Draft"}
    </span>
  );
}
