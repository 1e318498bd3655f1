import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server speaking the part of Stripe's HTTP API the shop uses (Checkout Sessions, Payment
 * Intents, Refunds), so the real `stripe` SDK can be tested offline. It records every request.
 */
export type FakeStripeRequest = { method: string; path: string; params: URLSearchParams; headers: http.IncomingHttpHeaders };

export const FAKE_STRIPE_KEY = "sk_test_fake_key";

export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const state = { failNextSession: null as string | null, sessions: 0, refunds: 0 };
  /** Created sessions by id; a test pays or expires one "at Stripe" by changing its fields. */
  const sessions = new Map<string, Record<string, unknown>>();
  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    const params = new URLSearchParams(req.method === "GET" ? url.search : body);
    requests.push({ method: req.method ?? "", path: url.pathname, params, headers: req.headers });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_fake_${requests.length}` });
      res.end(JSON.stringify(json));
    };
    const error = (status: number, message: string) => send(status, { error: { type: "invalid_request_error", message } });
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return error(401, "Invalid API Key provided");

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (state.failNextSession) {
        const message = state.failNextSession;
        state.failNextSession = null;
        return error(400, message);
      }
      const id = `cs_test_fake${++state.sessions}${"x".repeat(20)}`;
      let amount = 0;
      for (let i = 0; params.has(`line_items[${i}][quantity]`); i++) {
        amount += Number(params.get(`line_items[${i}][quantity]`)) * Number(params.get(`line_items[${i}][price_data][unit_amount]`));
      }
      // Stripe adds the chosen (here: the only) shipping option's fixed amount to the total.
      const shipping = params.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]");
      if (shipping !== null) amount += Number(shipping);
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: amount,
        shipping_cost: shipping === null ? null : { amount_total: Number(shipping) },
        currency: params.get("line_items[0][price_data][currency]"),
        client_reference_id: params.get("client_reference_id"),
        expires_at: Number(params.get("expires_at")),
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const known = /^\/v1\/checkout\/sessions\/([^/]+?)(\/expire)?$/.exec(url.pathname);
    if (known) {
      const session = sessions.get(known[1]);
      if (!session) return error(404, `No such checkout.session: '${known[1]}'`);
      if (req.method === "POST" && known[2]) session.status = "expired";
      if (req.method === "GET" || known[2]) return send(200, session);
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && intent) {
      return send(200, {
        id: intent[1],
        object: "payment_intent",
        status: "succeeded",
        latest_charge: {
          id: "ch_fake_1",
          object: "charge",
          payment_method_details: { type: "card", card: { brand: "mastercard", last4: "4444", exp_month: 12, exp_year: 2039 } },
        },
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      return send(200, { id: `re_fake_${++state.refunds}`, object: "refund", payment_intent: params.get("payment_intent"), status: "succeeded" });
    }
    return error(404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
