import { Link, useFetcher } from "react-router";
import { POLICY_LINKS, QUICK_LINKS, SITE_FOOTER_ID } from "./site-links";
import type { MarketSummary } from "@core/market";
import { MarketSelector } from "./market-selector";

type FooterProps = { shopName: string; supportEmail: string; phone: string; address: string; market: MarketSummary };

type NewsletterResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors: Record<string, string> } | undefined;

function NewsletterForm() {
  const fetcher = useFetcher<NewsletterResult>();
  const result = fetcher.data;
  return (
    <fetcher.Form method="post" action="/newsletter" className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address for the newsletter
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        required
        placeholder="Your email address"
        autoComplete="email"
        className="min-w-0 flex-1 rounded-lg border border-gray-600 bg-gray-800 px-3 py-2 text-sm text-white placeholder:text-gray-400"
        aria-describedby="newsletter-status"
      />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        Subscribe
      </button>
      <p id="newsletter-status" role="status" className="text-sm sm:basis-full">
        {result?.ok ? <span className="text-green-300">{result.message}</span> : null}
        {result && !result.ok ? <span className="text-red-300">{result.fieldErrors.email ?? result.message}</span> : null}
      </p>
    </fetcher.Form>
  );
}

function FooterLinks({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul className="mt-3 space-y-2 text-sm">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className="hover:text-white">
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer({ shopName, supportEmail, phone, address, market }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer id={SITE_FOOTER_ID} className="mt-16 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{shopName}</p>
          <p className="mt-2 text-sm text-gray-400">Retro handheld consoles, tested and shipped from London.</p>
          <div className="mt-4">
            <MarketSelector market={market} id="market-footer" dark />
          </div>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-semibold text-white">Quick Links</h2>
          <FooterLinks links={QUICK_LINKS} />
        </nav>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies" className="font-semibold text-white">Policies</h2>
          <FooterLinks links={POLICY_LINKS} />
        </nav>
        <div>
          <h2 className="font-semibold text-white">Contact</h2>
          <address className="mt-3 space-y-1 text-sm not-italic">
            <p><a href={`mailto:${supportEmail}`} className="hover:text-white">{supportEmail}</a></p>
            <p><a href={`tel:${phone.replace(/\s/g, "")}`} className="hover:text-white">{phone}</a></p>
            <p>{address}</p>
          </address>
          <h2 className="mt-6 font-semibold text-white">Newsletter</h2>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-gray-800 py-4 text-center text-sm text-gray-400">
        <Link to="/admin-login" aria-label="Staff sign-in" className="hover:text-white">©</Link> {year} {shopName}. All rights reserved.
      </div>
    </footer>
  );
}
