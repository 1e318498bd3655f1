import { AddressLines } from "~/components/order/address-lines";
import { PrintActions, SellerDetails, type ShopDetails } from "~/components/admin/order-print";
import { formatInZone } from "@core/admin-time";
import { formatMoney } from "@core/money";
import { itemLabel } from "@core/variant";
import type { CreditNoteView } from "@core/order-view";

/**
 * A credit note for paper (server/orders/documents.ts): the seller with its VAT and company
 * numbers, the invoice it corrects, each line given back with its tax, the shipping, anything else,
 * the tax and the total, in the order's currency named by its ISO code.
 */
export function CreditNoteDocument({ note, shop, timeZone }: { note: CreditNoteView; shop: ShopDetails; timeZone: string }) {
  const money = (minor: number) => formatMoney(minor, note.currency);
  const cell = "border-b border-gray-200 py-1.5";
  return (
    <main id="main" className="mx-auto max-w-3xl bg-white p-6 text-sm text-gray-900 sm:p-10 print:max-w-none print:p-0">
      <PrintActions backTo={`/admin/orders/${note.orderId}`} backLabel={`Back to order ${note.orderNumber}`} />
      <header className="flex flex-wrap justify-between gap-6 border-b border-gray-300 pb-6">
        <SellerDetails shop={shop} money />
        <div className="text-right">
          <h1 className="text-2xl font-bold">Credit note</h1>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5 text-left">
            <dt className="text-gray-700">Credit note number</dt>
            <dd className="font-semibold">{note.number}</dd>
            <dt className="text-gray-700">Date</dt>
            <dd>{formatInZone(note.at, timeZone, false)}</dd>
            <dt className="text-gray-700">Corrects invoice</dt>
            <dd className="font-semibold">{note.invoiceNumber ?? "—"}</dd>
            <dt className="text-gray-700">Order</dt>
            <dd>{note.orderNumber}</dd>
          </dl>
        </div>
      </header>

      <section aria-labelledby="credit-to" className="mt-6">
        <h2 id="credit-to" className="text-xs font-semibold uppercase tracking-wide text-gray-700">
          Credited to
        </h2>
        <AddressLines address={{ ...note.shipping, name: note.name }} className="mt-1" />
        <p className="break-all">{note.email}</p>
        <p className="mt-2 text-gray-700">Reason: {note.reason}</p>
      </section>

      <table className="mt-8 w-full text-left">
        <caption className="sr-only">What credit note {note.number} gives back</caption>
        <thead>
          <tr className="text-xs uppercase tracking-wide text-gray-700">
            <th scope="col" className={cell}>Item</th>
            <th scope="col" className={`${cell} text-right`}>Units</th>
            <th scope="col" className={`${cell} text-right`}>{note.taxIncluded ? "Tax included" : "Tax"}</th>
            <th scope="col" className={`${cell} text-right`}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {note.lines.map((l, i) => (
            <tr key={i}>
              <td className={cell}>{itemLabel(l.title, l.variantName)}</td>
              <td className={`${cell} text-right`}>{l.quantity}</td>
              <td className={`${cell} text-right`}>{money(l.taxCents)}</td>
              <td className={`${cell} text-right`}>{money(l.amountCents)}</td>
            </tr>
          ))}
          {note.shippingCents > 0 ? (
            <tr>
              <td className={cell} colSpan={3}>Shipping</td>
              <td className={`${cell} text-right`}>{money(note.shippingCents)}</td>
            </tr>
          ) : null}
          {note.otherCents !== 0 ? (
            <tr>
              <td className={cell} colSpan={3}>Other amount</td>
              <td className={`${cell} text-right`}>{money(note.otherCents)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <dl className="ml-auto mt-6 grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="text-gray-700">{note.taxIncluded ? "Of which tax" : "Tax"}</dt>
        <dd className="text-right" data-testid="credit-note-tax">{money(note.taxCents)}</dd>
        <dt className="font-semibold">Total credited</dt>
        <dd className="text-right font-semibold" data-testid="credit-note-total">{money(note.totalCents)}</dd>
      </dl>
      <p className="mt-8 text-xs text-gray-700">Amounts in {note.currency}. This credit note corrects invoice {note.invoiceNumber ?? "of order " + note.orderNumber}.</p>
    </main>
  );
}
