import { cardsOf } from "@core/product-cards";
import { ProductCard } from "../product-card";

/**
 * The "Recently viewed" section's content (loaded lazily by recently-viewed.tsx): the endpoint's
 * answer, checked, as the catalogue's cards, two a row on a phone; nothing when no card is left.
 */
export default function RecentlyViewedCards({ answer }: { answer: unknown }) {
  const products = cardsOf(answer);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" data-testid="recently-viewed">
      <h2 id="recently-viewed-heading" className="text-2xl font-bold">
        Recently viewed
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {products.map((p) => (
          <li key={p.id} className="relative">
            <ProductCard product={p} headingLevel={3} sizes="(min-width: 1024px) 22vw, 45vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
