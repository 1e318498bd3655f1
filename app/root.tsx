import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { config } from "@server/config";
import { getShopSettings } from "@server/content/settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ToastProvider } from "~/components/ui/toast";
import { InlineStylesheet } from "~/lib/inline-css";
import { useNonce } from "~/lib/nonce";

// The stylesheet is inline in every document (entry.server.tsx); in development Vite also loads it
// as a module so that style edits apply without a reload.
if (import.meta.env.DEV) void import("./app.css");

export async function loader() {
  const settings = await getShopSettings();
  // The explicit whitelist of what reaches the browser.
  return { publicUrl: config().publicUrl, shopName: settings.shopName };
}

export function shouldRevalidate({ defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#312e81" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <InlineStylesheet />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/** Errors outside the shop's pages (admin, resource routes); shop pages keep their layout (routes/shop/pages.tsx). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const meta: Route.MetaFunction = () => [{ title: "Pocket Retro" }];
