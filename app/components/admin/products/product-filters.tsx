import { COLLECTIONS } from "@core/collections";
import { PRODUCT_STOCK_FILTER_LABELS, PRODUCT_STOCK_FILTERS, type ProductListFilter } from "@core/product-list-filter";
import { FilterForm, FilterSelect } from "~/components/admin/list-filters";

const STATUS_OPTIONS = [
  ["published", "Published"],
  ["draft", "Draft"],
] as const;

/** The product list's filters: search (title, colour, SKU), status, collection and stock, all in the URL. */
export function ProductFilters({ filter }: { filter: ProductListFilter }) {
  const active = [filter.status, filter.collection, filter.stock].filter(Boolean).length;
  return (
    <FilterForm
      label="Filter products"
      active={active}
      search={{ id: "product-search", value: filter.q, placeholder: "Title, colour or SKU" }}
    >
      {(apply) => (
        <>
          <FilterSelect id="product-status" label="Status" name="status" value={filter.status} options={STATUS_OPTIONS} apply={apply} />
          <FilterSelect id="product-collection" label="Collection" name="collection" value={filter.collection} options={COLLECTIONS.map((c) => [c.type, c.title])} apply={apply} />
          <FilterSelect id="product-stock" label="Stock" name="stock" value={filter.stock} options={PRODUCT_STOCK_FILTERS.map((s) => [s, PRODUCT_STOCK_FILTER_LABELS[s]])} apply={apply} />
        </>
      )}
    </FilterForm>
  );
}
