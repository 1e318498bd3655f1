/** A titled panel of the back office's detail pages (an order, a customer). */
export function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}
