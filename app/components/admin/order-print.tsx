import { useId } from "react";
import { Link } from "react-router";
import { AddressLines } from "~/components/order/address-lines";
import { OrderLinesTable, OrderTotals } from "~/components/order/order-lines";
import { formatInZone } from "@core/admin-time";
import { orderTotals, withRefunds } from "@core/order-totals";
import type { AdminOrderDetail } from "@core/order-view";
import { buttonClass } from "~/components/ui/button";

/** The shop's details as the store settings hold them (/admin/settings). */
export type ShopDetails = { shopName: string; supportEmail: string; phone: string; address: string; vatNumber: string; companyNumber: string };

/** The seller's registration numbers, as every invoice and credit note prints them (when set). */
/** The seller as a document names it: name and address, and on money documents (invoice, credit note) its contact and VAT and company numbers. */
export function SellerDetails({ shop, money }: { shop: ShopDetails; money: boolean }) {
  return (
    <div>
      <p className="text-xl font-extrabold">{shop.shopName}</p>
      <p className="mt-1 max-w-xs text-gray-700">{shop.address}</p>
      {money ? (
        <>
          <p className="mt-1 text-gray-700">
            {shop.supportEmail} · {shop.phone}
          </p>
          {shop.vatNumber || shop.companyNumber ? (
            <p className="mt-1 text-gray-700">
              {shop.vatNumber ? <span>VAT number {shop.vatNumber}</span> : null}
              {shop.vatNumber && shop.companyNumber ? " · " : null}
              {shop.companyNumber ? <span>Company number {shop.companyNumber}</span> : null}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The screen's way back and Print button, left off the paper. */
export function PrintActions({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <nav aria-label="Document actions" className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
      <Link to={backTo} className="font-semibold text-brand-700 underline">
        {backLabel}
      </Link>
      <button type="button" onClick={() => window.print()} className={buttonClass("primary", "small", "ml-auto")}>
        Print
      </button>
    </nav>
  );
}

export type PrintDocumentKind = "packing-slip" | "invoice";

const TITLES: Record<PrintDocumentKind, string> = { "packing-slip": "Packing slip", invoice: "Invoice" };

export function printTitle(kind: PrintDocumentKind, number: string) {
  return `${TITLES[kind]} ${number}`;
}

/**
 * A packing slip or an invoice of one order, styled for paper: the screen shows a Print button and
 * a way back, which `print:hidden` (an @media print rule) leaves off the page. The packing slip
 * shows what goes in the parcel and where it goes, never a price; the invoice adds the shop's
 * details, the amounts (discount, shipping, tax lines, refunds) and totals in the order's currency.
 */
type PrintedOrderProps = { kind: PrintDocumentKind; order: AdminOrderDetail; shop: ShopDetails; timeZone: string };

export function OrderPrintDocument(props: PrintedOrderProps) {
  return (
    <PrintPage>
      <PrintActions backTo={`/admin/orders/${props.order.id}`} backLabel={`Back to order ${props.order.number}`} />
      <PrintedOrder {...props} />
    </PrintPage>
  );
}

/** The paper page around one document or several (the packing slips of a selection). */
export function PrintPage({ children }: { children: React.ReactNode }) {
  return <main id="main" className="mx-auto max-w-3xl bg-white p-6 text-sm text-gray-900 sm:p-10 print:max-w-none print:p-0">{children}</main>;
}

/**
 * One order's document; several on one page each start a new sheet of paper, and their section
 * ids are made unique (useId) so every heading still names its own section.
 */
export function PrintedOrder({ kind, order, shop, timeZone }: PrintedOrderProps) {
  const date = (iso: string) => formatInZone(iso, timeZone, false);
  const shipTo = { ...order.shipping, name: order.name };
  const uid = useId();
  return (
    <article aria-label={printTitle(kind, order.number)} className="break-after-page last:break-after-auto [&:not(:first-of-type)]:mt-16 print:[&:not(:first-of-type)]:mt-0">
      <header className="flex flex-wrap justify-between gap-6 border-b border-gray-300 pb-6">
        <SellerDetails shop={shop} money={kind === "invoice"} />
        <div className="text-right">
          <h1 className="text-2xl font-bold">{TITLES[kind]}</h1>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5 text-left">
            {kind === "invoice" && order.invoiceNumber ? (
              <>
                <dt className="text-gray-700">Invoice number</dt>
                <dd className="font-semibold">{order.invoiceNumber}</dd>
              </>
            ) : null}
            <dt className="text-gray-700">Order</dt>
            <dd className="font-semibold">{order.number}</dd>
            <dt className="text-gray-700">Order date</dt>
            <dd>{date(order.createdAt)}</dd>
            {kind === "invoice" && order.paidAt ? (
              <>
                <dt className="text-gray-700">Paid</dt>
                <dd>{date(order.paidAt)}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>

      <div className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby={`${uid}-ship-to`}>
          <h2 id={`${uid}-ship-to`} className="text-xs font-semibold uppercase tracking-wide text-gray-700">
            Ship to
          </h2>
          <AddressLines address={shipTo} className="mt-1" />
        </section>
        {kind === "invoice" ? (
          <section aria-labelledby={`${uid}-bill-to`}>
            <h2 id={`${uid}-bill-to`} className="text-xs font-semibold uppercase tracking-wide text-gray-700">
              Bill to
            </h2>
            <p className="mt-1">{order.name}</p>
            <p className="break-all">{order.email}</p>
            {order.paymentBrand ? (
              <p className="mt-1 text-gray-700">
                Paid by {order.paymentBrand} ending {order.paymentLast4}
              </p>
            ) : null}
          </section>
        ) : null}
      </div>

      <section aria-labelledby={`${uid}-items`} className="mt-8">
        <h2 id={`${uid}-items`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-gray-700">
          Items
        </h2>
        <OrderLinesTable lines={order.lines} currency={order.currency} caption={`Items of order ${order.number}`} withPrices={kind === "invoice"} />
      </section>

      {kind === "invoice" ? (
        <OrderTotals totals={withRefunds(orderTotals(order), order.refundedCents, order.totalCents)} className="ml-auto mt-6 max-w-xs" />
      ) : (
        <p className="mt-8 text-gray-700">
          Questions about this parcel? {shop.supportEmail} · {shop.phone}
        </p>
      )}
      {kind === "invoice" ? <p className="mt-8 text-xs text-gray-700">Amounts in {order.currency.toUpperCase()}. Thank you for shopping with {shop.shopName}.</p> : null}
    </article>
  );
}
