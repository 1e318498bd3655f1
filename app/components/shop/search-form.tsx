import { Form } from "react-router";
import { SEARCH_MAX_LENGTH, SEARCH_PATH } from "@core/search";
import { Button } from "~/components/ui/button";

export function SearchIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The shop's search box: a plain GET form to /search?q=, so it works before (and without) JavaScript.
 * `id` keeps the header's and the results page's fields apart for their labels.
 */
export function SearchForm({ id, defaultValue = "", size = "compact", autoFocus = false }: { id: string; defaultValue?: string; size?: "compact" | "large"; autoFocus?: boolean }) {
  const large = size === "large";
  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label={large ? "Search the shop" : "Site"} className="flex w-full items-stretch">
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <input
        id={id}
        key={defaultValue}
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={large ? "Search products and articles" : "Search products"}
        autoComplete="off"
        enterKeyHint="search"
        // The results page puts the cursor in its box only when nothing was searched yet.
        autoFocus={autoFocus}
        className={`min-w-0 flex-1 rounded-l-lg border border-r-0 border-gray-400 bg-white text-gray-900 placeholder:text-gray-600 ${large ? "h-12 px-4 text-base" : "h-10 px-3 text-sm"}`}
      />
      <Button type="submit" size="bare" className={`rounded-r-lg ${large ? "h-12 px-5" : "h-10 w-11"}`}>
        <SearchIcon />
        {large ? <span>Search</span> : <span className="sr-only">Search</span>}
      </Button>
    </Form>
  );
}
