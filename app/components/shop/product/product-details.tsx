import { Tabs } from "~/components/ui/tabs";
import type { ProductPage, ReviewView } from "@core/product-view";
import { Overview, Specifications } from "./content-blocks";
import { CustomerStories } from "./reviews";

const TAB_LABELS = { overview: "Overview", specifications: "Specifications", reviews: "Reviews" } as const;
type TabId = keyof typeof TAB_LABELS;

/**
 * Below the buy box: the tabs the product's content lists. With the Overview alone there is no tab
 * list; reviews without a tab of their own follow the tabs.
 */
export function ProductDetails({ product, reviews }: { product: ProductPage; reviews: ReviewView[] }) {
  const tabs = usableTabs(product);
  const reviewsTabbed = tabs.length > 1 && tabs.includes("reviews");
  return (
    <>
      <InformationTabs product={product} tabs={tabs} reviewsPanel={<CustomerStories reviews={reviews} slug={product.slug} />} />
      {reviewsTabbed ? null : <CustomerStories reviews={reviews} slug={product.slug} />}
    </>
  );
}

function InformationTabs({ product, tabs, reviewsPanel }: { product: ProductPage; tabs: TabId[]; reviewsPanel: React.ReactNode }) {
  const panels: Record<TabId, React.ReactNode> = {
    overview: <Overview overview={product.content.overview} highlights={product.highlights} descriptionHtml={product.descriptionHtml} />,
    specifications: product.content.specifications?.length ? <Specifications rows={product.content.specifications} /> : null,
    reviews: reviewsPanel,
  };

  if (tabs.length === 1) {
    return (
      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="text-2xl font-bold">
          Overview
        </h2>
        <div className="mt-6">{panels.overview}</div>
      </section>
    );
  }

  return (
    <Tabs
      label="Product information"
      tabs={tabs.map((t) => ({ id: t, label: TAB_LABELS[t], panel: panels[t] }))}
      tabClassName="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-3 font-semibold text-gray-600 hover:text-gray-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
      // Mounted while hidden so every tab's text is in the server-rendered page for search engines.
      panelClassName="pt-8 focus-visible:outline-2 focus-visible:outline-brand-700"
    />
  );
}

/** The tabs to show: those listed in the content that have something in them, Overview always. */
function usableTabs(product: ProductPage): TabId[] {
  const listed = product.content.tabs?.length ? product.content.tabs : ["overview" as const];
  const tabs = listed.filter((t) => t !== "specifications" || !!product.content.specifications?.length);
  return tabs.includes("overview") ? tabs : ["overview", ...tabs];
}
