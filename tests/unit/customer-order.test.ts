import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CustomerOrderDetails } from "~/components/order/customer-order";
import type { CustomerOrder } from "../../core/order-view";

const order: CustomerOrder = {
  id: "o1",
  number: "PR-261128-ABCDE",
  createdAt: new Date("2026-11-20T10:00:00Z"),
  status: "completed",
  email: "ada@example.com",
  name: "Ada Shopper",
  shipping: { line1: "1 Penny Lane", line2: null, city: "London", region: null, postalCode: "N1 1AA", country: "GB" },
  lines: [{ id: "l1", title: "R36S Retro Handheld", variantName: "Orange", unitPriceCents: 4999, quantity: 1, refundedQuantity: 0, lineTotalCents: 4999 }],
  subtotalCents: 4999,
  discount: null,
  shippingCents: 0,
  totalCents: 4999,
  currency: "gbp",
  shippingMethod: "Standard",
  delivery: null,
  taxLines: [],
  paymentBrand: "visa",
  paymentLast4: "4242",
  customerNote: null,
  returns: [],
  returnWindow: { open: true, closesAt: new Date("2026-12-21T10:00:00Z") },
  shipment: null,
};

function render(o: CustomerOrder) {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(CustomerOrderDetails, { order: o, result: undefined, pending: false }) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}

describe("the customer's order page", () => {
  it("shows the carrier, the tracking number and a link to the carrier's page once shipped", () => {
    expect(render(order)).not.toContain("Track your parcel");
    const html = render({
      ...order,
      shipment: { shippedAt: new Date("2026-11-21T09:00:00Z"), carrier: "Royal Mail", trackingNumber: "RM123456789GB", trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB" },
    });
    expect(html).toContain("Royal Mail");
    expect(html).toContain("RM123456789GB");
    expect(html).toMatch(/<a href="https:\/\/www.royalmail.com\/track-your-item#\/tracking-results\/RM123456789GB" target="_blank" rel="noopener noreferrer"[^>]*>Track your parcel/);
    // "Other": the number, no link.
    const other = render({ ...order, shipment: { shippedAt: new Date(), carrier: "Other", trackingNumber: "LOCAL-1", trackingUrl: null } });
    expect(other).toContain("LOCAL-1");
    expect(other).not.toContain("Track your parcel");
  });

  it("says the return window counts from dispatch", () => {
    expect(render(order)).toContain("(30 days from dispatch)");
    expect(render(order)).not.toMatch(/from delivery/);
  });

  it("shows the checkout note as text, never as HTML", () => {
    const html = render({ ...order, customerNote: 'Gift <script>alert("x")</script> <b>thanks</b>' });
    expect(html).toContain("Your note");
    expect(html).toContain("Gift &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;thanks&lt;/b&gt;");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>thanks");
  });
});
