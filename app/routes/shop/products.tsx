import { data, Link, NavLink, useLocation, useNavigation } from "react-router";
import { listBrowsableProducts } from "@server/catalog";
import { searchParamsOf } from "@server/http/form";
import { localise, shopperForRequest } from "@server/pricing";
import { ProductCard } from "~/components/shop/product-card";
import { ProductFilters } from "~/components/shop/product-filters";
import { browse, colourFacet, isFiltered } from "@core/catalog-browse";
import { parseBrowseQuery } from "@core/catalog-browse-query";
import { COLLECTIONS, collectionByHandle } from "@core/collections";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/products";
import { PROMO_PAGE } from "~/lib/promo";

/** Every product at /products, one collection (a product type) at /collections/:handle, with the same sort and filters. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const collection = params.handle === undefined ? null : collectionByHandle(params.handle);
  if (collection === undefined) throw data(null, { status: 404 });
  const query = parseBrowseQuery(searchParamsOf(request));
  const [catalogue, shopper] = await Promise.all([listBrowsableProducts(), shopperForRequest(request)]);
  const all = collection ? catalogue.filter((p) => p.type === collection.type) : catalogue;
  // Prices are compared in the shopper's currency: the range they typed is in it.
  const local = all.map((p) => localise(shopper, p));
  return {
    collection,
    query,
    total: all.length,
    products: browse(local, query),
    colours: colourFacet(all),
    currency: shopper.market.currency,
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const collection = loaderData?.collection;
  if (loaderData === undefined) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  return seo(matches, {
    title: collection?.title ?? "Our Products",
    description: collection?.description ?? "Browse our retro handheld game consoles and the accessories that go with them: cases, screen protectors, memory cards and chargers.",
    path: collection ? `/collections/${collection.handle}` : "/products",
  });
};

const LISTS = [{ to: "/products", label: "All products" }, ...COLLECTIONS.map((c) => ({ to: `/collections/${c.handle}`, label: c.title }))];

export default function Products({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const { collection } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{collection?.title ?? "Our Products"}</h1>
      {collection ? <p className="mt-2 max-w-prose text-gray-700">{collection.description}</p> : null}
      <nav aria-label="Collections" className="mt-4 sm:mt-6">
        <ul className="flex flex-wrap gap-2">
          {LISTS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
                    isActive ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 text-gray-800 hover:border-brand-700 hover:text-brand-700"
                  }`
                }
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.total > 0 ? <ProductFilters query={loaderData.query} colours={loaderData.colours} currency={loaderData.currency} path={pathname} /> : null}
      <p role="status" className="mt-4 text-sm text-gray-700 sm:mt-6" data-testid="product-count">
        {loading ? "Loading products..." : loaderData.total > 0 ? `${loaderData.products.length} ${loaderData.products.length === 1 ? "product" : "products"}` : ""}
      </p>
      {loading ? null : loaderData.total === 0 ? (
        <p className="mt-8 text-gray-600">No products available yet.</p>
      ) : loaderData.products.length === 0 && isFiltered(loaderData.query) ? (
        <p className="mt-8 text-gray-700">
          No products match these filters.{" "}
          <Link to={pathname} className="font-semibold text-brand-700 underline hover:text-brand-800">
            Clear all filters
          </Link>
        </p>
      ) : (
        // Two cards a row from the phone up (Dawn's catalogue), three on a wide screen.
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:mt-8 sm:gap-6 lg:grid-cols-3">
          {loaderData.products.map((p, i) => (
            <li key={p.id} className="relative">
              <ProductCard product={p} priority={i < 3} soldOut={!p.inStock} sizes="(min-width: 1024px) 30vw, 45vw" />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

/** A browsing page: the promo popup may show here. */
export const handle = PROMO_PAGE;
