import { createContext, useContext } from "react";

/**
 * The whole stylesheet (Tailwind's output, about 11 KB of gzip), written into a first visit's head
 * instead of a render-blocking <link>: the first paint waits for the HTML only (root.tsx links it
 * for a returning visitor). entry.server.tsx
 * provides it; in the browser the context is empty and hydration keeps the server's <style> (React
 * does not compare dangerouslySetInnerHTML when hydrating, and an unchanged "" never rewrites it).
 */
const InlineCssContext = createContext("");
export const InlineCssProvider = InlineCssContext.Provider;

export function InlineStylesheet() {
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: useContext(InlineCssContext) }} />;
}
