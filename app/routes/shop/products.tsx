import { useNavigation } from "react-router";
import { listPublishedProducts } from "@server/catalog/products";
import { localise, shopperForRequest } from "@server/pricing/market";
import { ProductCard } from "~/components/shop/product-card";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/products";
import { PROMO_PAGE } from "~/lib/promo";

export async function loader({ request }: Route.LoaderArgs) {
  const [products, shopper] = await Promise.all([listPublishedProducts(), shopperForRequest(request)]);
  return { products: products.map((p) => localise(shopper, p)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Our Products",
    description: "Browse our retro handheld game consoles: the R36S, the R36PRO and the 35XXPro, each in several colours.",
    path: "/products",
  });

export default function Products({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Our Products</h1>
      {loading ? (
        <p role="status" className="mt-8 text-gray-600">Loading products...</p>
      ) : loaderData.products.length === 0 ? (
        <p className="mt-8 text-gray-600">No products available yet.</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.products.map((p, i) => (
            <li key={p.id} className="relative">
              <ProductCard product={p} priority={i < 3} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

/** A browsing page: the promo popup may show here. */
export const handle = PROMO_PAGE;
