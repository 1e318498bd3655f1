import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useState } from "react";
import type { Route } from "./+types/root";
import { config } from "@server/config";
import { getShopSettings } from "@server/content";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ToastProvider } from "~/components/ui/toast";
import { InlineStylesheet } from "~/lib/inline-css";
import { useNonce } from "~/lib/nonce";
import { useQuietAborts } from "~/lib/use-quiet-aborts";
import stylesheetUrl from "./app.css?url";

// A first visit's document carries the stylesheet inline (entry.server.tsx), a returning visitor's
// links it (the loader below); in development Vite also loads it as a module so that style edits
// apply without a reload.
if (import.meta.env.DEV) void import("./app.css");

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getShopSettings();
  // The explicit whitelist of what reaches the browser.
  return {
    publicUrl: config().publicUrl,
    shopName: settings.shopName,
    // A returning visitor (a session or a cart) has the hashed stylesheet cached: linking it spares
    // each personal render 64 KB of markup to write and compress. A first visit gets it inline.
    linkStylesheet: !context.inlineCss,
  };
}

export function shouldRevalidate({ defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // Chosen by the document's first render and kept: a later <link> in place of the <style> would
  // leave the page unstyled while the file loads.
  const [linkStylesheet] = useState(() => data?.linkStylesheet ?? false);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#312e81" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {linkStylesheet ? <link rel="stylesheet" href={stylesheetUrl} /> : <InlineStylesheet />}
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
  useQuietAborts();
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
