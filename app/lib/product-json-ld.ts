import { centsToDecimal } from "@core/money";

/** What the Product structured data is built from: only real data, nothing typed in. */
export type ProductJsonLdInput = {
  url: string;
  name: string;
  description: string;
  sku: string;
  brand: string;
  images: string[];
  priceCents: number;
  currency: string;
  inStock: boolean;
  rating: { average: number; count: number };
  reviews: { author: string; rating: number; title: string; body: string; createdAt: string }[];
};

/**
 * schema.org Product for search engines. React Router's meta renders it as
 * `<script type="application/ld+json">` with `<`, `>` and `&` escaped, so copy can never close the tag.
 */
export function productJsonLd(p: ProductJsonLdInput): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${p.url}#product`,
    name: p.name,
    description: p.description,
    sku: p.sku,
    brand: { "@type": "Brand", name: p.brand },
    ...(p.images.length ? { image: p.images } : {}),
    offers: {
      "@type": "Offer",
      url: p.url,
      price: centsToDecimal(p.priceCents),
      priceCurrency: p.currency,
      availability: p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    ...(p.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: p.rating.average,
            reviewCount: p.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: p.reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            datePublished: r.createdAt.slice(0, 10),
            name: r.title,
            reviewBody: r.body,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
