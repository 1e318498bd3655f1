/**
 * Five stars filled to a rating (partial stars too), spoken as a number. The drawing is a CSS
 * background (.rating-stars in app.css), so a page of reviews carries no SVG per rating.
 */
export function Stars({ rating, size = "text-xl", label }: { rating: number; size?: string; label?: string }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span role="img" aria-label={label ?? `Rated ${rating} out of 5`} className={`rating-stars ${size}`}>
      <span style={{ width: `${percent}%` }} />
    </span>
  );
}
