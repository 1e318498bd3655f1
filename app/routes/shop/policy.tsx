import { data } from "react-router";
import { z } from "zod";
import { loadPolicy, POLICY_SLUGS } from "@server/content";
import { getShopSettings } from "@server/content";
import { pricingSettings } from "@server/pricing";
import { seo } from "~/lib/seo";
import { formatLongDate } from "~/lib/dates";
import type { Route } from "./+types/policy";

/** One module for the four policy pages; the URL path ("/refund-policy") names the page. */
export async function loader({ request }: Route.LoaderArgs) {
  const slug = z.enum(POLICY_SLUGS).safeParse(new URL(request.url).pathname.replace(/^\/|\/$/g, ""));
  if (!slug.success) throw data(null, { status: 404 });
  const [shop, pricing] = await Promise.all([getShopSettings(), pricingSettings()]);
  return { page: await loadPolicy(slug.data, shop, pricing) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, { title: loaderData.page.title, description: loaderData.page.description, path: `/${loaderData.page.slug}` });

export default function Policy({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold">{page.title}</h1>
      <p className="mt-3 text-sm text-gray-600">
        Effective date: <time dateTime={page.effectiveDate.slice(0, 10)}>{formatLongDate(page.effectiveDate)}</time>
      </p>
      {/* Markdown from our own content/ folder, rendered on the server. */}
      <article className="prose-shop mt-8" dangerouslySetInnerHTML={{ __html: page.html }} />
    </main>
  );
}
