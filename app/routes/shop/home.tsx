import { Link } from "react-router";
import { listHomeRows } from "@server/catalog";
import { localise, shopperForRequest } from "@server/pricing";
import { getHomeHeroImage } from "@server/content";
import { ResponsiveImage } from "~/components/shop/responsive-image";
import { ProductCardRow } from "~/components/shop/product-card";
import { TrustStrip } from "~/components/shop/trust-strip";
import type { InMarket } from "@core/market";
import type { ProductCard as Card } from "@core/product-view";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/home";
import { PROMO_PAGE } from "~/lib/promo";

/** The rows under the hero: featured products in the merchant's order (back office), then the newest. */
export async function loader({ request }: Route.LoaderArgs) {
  const [rows, shopper, hero] = await Promise.all([listHomeRows(), shopperForRequest(request), getHomeHeroImage()]);
  return {
    hero,
    featured: rows.featured.map((p) => localise(shopper, p)),
    newArrivals: rows.newArrivals.map((p) => localise(shopper, p)),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Pocket Retro: Retro Handheld Game Consoles",
    description:
      "Retro handheld consoles with 256GB storage, a 3.5-inch IPS display and 8+ hours of battery. Tracked shipping worldwide and 30-day returns.",
    path: "/",
  });

const FEATURES = [
  { title: "256GB Storage", body: "Room for your whole library, with space to spare for saves and screenshots." },
  { title: "3.5-inch IPS Screen", body: "A sharp, high-resolution panel with wide viewing angles and rich colour." },
  { title: "10+ Hour Battery", body: "A 3500mAh cell that charges fully in about an hour." },
  { title: "Lightweight Design", body: "Just 300g, so it slips into a jacket pocket or a bag." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-indigo-500 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-indigo-200">The R36S is back in stock</p>
            <h1 className="mt-3 text-4xl font-extrabold leading-tight md:text-5xl">Thousands of classics in the palm of your hand</h1>
            <p className="mt-4 max-w-prose text-lg text-indigo-100">
              256GB of storage, a crisp 3.5-inch IPS display and more than 8 hours of battery: the pocket console for every
              era of gaming.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/product" prefetch="intent" className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-indigo-50">
                Shop Now
              </Link>
              <Link to="/blog" className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10">
                Learn More<span className="sr-only"> about retro handhelds on our blog</span>
              </Link>
            </div>
          </div>
          {loaderData.hero ? (
            // The lifestyle picture is the page's largest paint on narrow screens: preloaded, high priority, AVIF.
            <div className="mx-auto aspect-[4/3] w-full max-w-xl overflow-hidden rounded-3xl shadow-2xl ring-1 ring-white/20">
              <ResponsiveImage
                image={loaderData.hero}
                priority
                sizes="(min-width: 1152px) 536px, (min-width: 768px) 50vw, calc(100vw - 2rem)"
                className="h-full w-full object-cover"
              />
            </div>
          ) : null}
        </div>
      </section>

      <ProductRow id="featured-heading" title="Featured products" products={loaderData.featured} link={{ to: "/products", label: "View All Products" }} />
      <ProductRow id="new-arrivals-heading" title="New arrivals" products={loaderData.newArrivals} link={{ to: "/products?sort=newest", label: "Shop what's new" }} />

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-center text-3xl font-bold">Built for long play sessions</h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-2xl border border-gray-200 p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-gray-600">{f.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Why shop with us" className="bg-gray-50">
        <TrustStrip className="mx-auto max-w-6xl px-4 py-10" />
      </section>
    </main>
  );
}

function ProductRow({ id, title, products, link }: { id: string; title: string; products: InMarket<Card>[]; link: { to: string; label: string } }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 pt-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={id} className="text-3xl font-bold">
          {title}
        </h2>
        <Link to={link.to} prefetch="intent" className="font-semibold text-brand-700 underline hover:text-brand-800">
          {link.label}
        </Link>
      </div>
      <ProductCardRow products={products} />
    </section>
  );
}

/** A browsing page: the promo popup may show here. */
export const handle = PROMO_PAGE;
