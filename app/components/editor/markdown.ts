import { marked } from "marked";
import TurndownService from "turndown";

/**
 * Conversions between the editor's HTML and Markdown mode (used only inside the lazily loaded editor).
 * The rule: a trip Visual -> Markdown -> Visual keeps the document. What Markdown has no syntax for
 * (alignment, text size, underline, strike-through, video embeds, images with their sizes) travels as
 * HTML inside the Markdown, and text the writer typed stays text: `<b>` typed as words is escaped.
 */
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*" });

const HTML_ONLY_TAGS = new Set(["U", "S", "IFRAME", "IMG"]);
/** Blocks of our schema that turndown would otherwise treat as inline. */
const BLOCK_TAGS = new Set(["IFRAME", "IMG"]);

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const openTag = (el: HTMLElement) =>
  `<${el.nodeName.toLowerCase()}${[...el.attributes].map((a) => ` ${a.name}="${escapeAttr(a.value)}"`).join("")}>`;

turndown.addRule("keepAsHtml", {
  filter: (node) => node.hasAttribute("style") || HTML_ONLY_TAGS.has(node.nodeName),
  replacement: (content, node) => {
    const el = node as HTMLElement;
    // A block is an HTML block: CommonMark leaves its inside alone, so it is kept verbatim.
    if ((node as { isBlock?: boolean }).isBlock || BLOCK_TAGS.has(el.nodeName)) return `\n\n${el.outerHTML}\n\n`;
    // Inline HTML is only its tags: the text between them is Markdown, converted (and escaped) as usual.
    return `${openTag(el)}${content}</${el.nodeName.toLowerCase()}>`;
  },
});

const escapeMarkdown = turndown.escape.bind(turndown);
// Text that looks like a tag or an entity would become markup when the Markdown is read back.
turndown.escape = (text) =>
  escapeMarkdown(text)
    .replace(/</g, "\\<")
    .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&");

export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html);
}

export function markdownToHtml(markdown: string): string {
  // marked ends every code block with a newline the writer never typed; the editor would keep it.
  return marked.parse(markdown, { async: false, gfm: true }).replace(/\n<\/code><\/pre>/g, "</code></pre>");
}
