import { marked } from "marked";
import TurndownService from "turndown";

/** Conversions between the editor's HTML and Markdown mode (used only inside the lazily loaded editor). */
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*" });
// Markdown has no syntax for these: they travel as inline HTML and come back intact.
turndown.keep(["iframe", "u"]);

export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html);
}

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}
