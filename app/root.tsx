import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { config } from "@server/config";
import { getShopSettings } from "@server/content/settings";
import { ErrorPage } from "~/components/shop/error-page";
import { ToastProvider } from "~/components/ui/toast";
import { useNonce } from "~/lib/nonce";
import { useResponseInfo } from "~/lib/response-info";

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

export function ErrorBoundary() {
  const error = useRouteError();
  const response = useResponseInfo();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  // A thrown error reaches the page sanitised; the server tells whether it was the database (503).
  const status = isRouteErrorResponse(error) ? error.status : (response.status ?? 500);
  // Never a stack trace in production: the server logs it, under the reference shown.
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={status} detail={detail} reference={response.requestId} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Pocket Retro" }];
