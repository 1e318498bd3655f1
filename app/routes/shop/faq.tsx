import { Accordion } from "radix-ui";
import { Form, Link } from "react-router";
import { loadFaq, searchFaq } from "@server/content";
import { jsonLd, seo } from "~/lib/seo";
import type { Route } from "./+types/faq";
import { buttonClass } from "~/components/ui/button";

export async function loader({ request }: Route.LoaderArgs) {
  // Searching happens here, so a plain GET form works before (or without) JavaScript.
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const faq = await loadFaq();
  return { title: faq.title, description: faq.description, query, total: faq.items.length, items: searchFaq(faq.items, query) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tags = seo(matches, { title: loaderData.title, description: loaderData.description, path: "/faq" });
  if (loaderData.items.length === 0) return tags;
  return [
    ...tags,
    jsonLd({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: loaderData.items.map((i) => ({
        "@type": "Question",
        name: i.question,
        acceptedAnswer: { "@type": "Answer", text: i.answer },
      })),
    }),
  ];
};


export default function Faq({ loaderData }: Route.ComponentProps) {
  const { title, description, query, total, items } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-indigo-500 text-white">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center">
          <h1 className="text-4xl font-extrabold">{title}</h1>
          <p className="mt-3 text-lg text-indigo-100">{description}</p>
          <Form method="get" role="search" className="mx-auto mt-8 flex max-w-xl gap-2">
            <label htmlFor="faq-search" className="sr-only">
              Search FAQs
            </label>
            <input
              // A new key per query: "View all FAQs" empties the box along with the results.
              key={query}
              id="faq-search"
              name="q"
              type="search"
              defaultValue={query}
              placeholder="Search questions and answers"
              className="min-w-0 flex-1 rounded-lg border-0 bg-white px-4 py-3 text-ink placeholder:text-gray-500"
            />
            <button type="submit" className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-indigo-50">
              Search
            </button>
          </Form>
        </div>
      </section>

      <section aria-label="Questions and answers" className="mx-auto max-w-3xl px-4 py-12">
        <p role="status" className="text-sm text-gray-600">
          {query ? `${items.length} of ${total} questions match “${query}”.` : `${total} questions`}
        </p>
        {items.length === 0 ? (
          <div className="mt-6 rounded-2xl border border-gray-200 p-8 text-center">
            <h2 className="text-xl font-semibold">No FAQs found</h2>
            <p className="mt-2 text-gray-600">Try another word, or browse every question.</p>
            <Link to="/faq" className={buttonClass("primary", "medium", "mt-5")}>
              View all FAQs
            </Link>
          </div>
        ) : (
          <Accordion.Root key={query} type="single" collapsible className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200">
            {items.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Header asChild>
                  <h2>
                    <Accordion.Trigger className="group flex w-full items-start justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-gray-50">
                      {/* The tag sits under the question on narrow screens, at the right on wide ones. */}
                      <span className="flex flex-1 flex-col items-start gap-1.5 sm:flex-row sm:justify-between sm:gap-4">
                        <span>{item.question}</span>
                        <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium capitalize text-brand-700">
                          {item.category}
                        </span>
                      </span>
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180">
                        <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                      </svg>
                    </Accordion.Trigger>
                  </h2>
                </Accordion.Header>
                {/* Always mounted, hidden by CSS when closed, so the answers are in the server-rendered HTML. */}
                <Accordion.Content forceMount className="faq-answer px-5 pb-5 text-gray-700 data-[state=closed]:hidden">
                  <p className="leading-7">{item.answer}</p>
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        )}
        <noscript>
          {/* Without JavaScript the accordion cannot open, so every answer is shown instead (an
              unlayered rule beats Tailwind's layered utilities). */}
          <style>{".faq-answer { display: block; }"}</style>
        </noscript>
      </section>

      <section aria-labelledby="faq-support" className="mx-auto max-w-3xl px-4 pb-4 text-center">
        <h2 id="faq-support" className="text-2xl font-bold">Still have questions?</h2>
        <p className="mt-2 text-gray-600">Our support team answers every message within one business day.</p>
        <Link to="/contact" className={buttonClass("primary", "medium", "mt-5")}>
          Contact Support
        </Link>
      </section>
    </main>
  );
}
