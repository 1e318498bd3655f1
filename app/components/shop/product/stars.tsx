/** Five stars filled to a rating (partial stars too), with the number spoken instead of the drawing. */
export function Stars({ rating, size = "h-5 w-5", label }: { rating: number; size?: string; label?: string }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span role="img" aria-label={label ?? `Rated ${rating} out of 5`} className="relative inline-flex shrink-0">
      <StarRow className={`${size} fill-gray-300`} />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        <StarRow className={`${size} fill-amber-400`} />
      </span>
    </span>
  );
}

function StarRow({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className="flex gap-0.5">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 20 20" className={`${className} shrink-0`}>
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}
