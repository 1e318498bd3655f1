import { DOMParser as SchemaParser, type Node as PMNode, type Schema, type TagParseRule } from "@tiptap/pm/model";
import { htmlToMarkdown, markdownToHtml } from "./markdown";

/**
 * Guards on switching modes: before the writer leaves Visual for Markdown (or the other way), find
 * what the trip would not keep, so the editor can say so and let the writer stay.
 */

function parse(schema: Schema, html: string): PMNode {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return SchemaParser.fromSchema(schema).parse(body);
}

/** The document's blocks; empty paragraphs are spacing, not content, and Markdown has none. */
function blocks(doc: PMNode): PMNode[] {
  const out: PMNode[] = [];
  doc.forEach((block) => {
    if (!(block.type.name === "paragraph" && block.content.size === 0)) out.push(block);
  });
  return out;
}

function describe(block: PMNode): string {
  const text = block.textContent.trim();
  if (!text) return block.type.name === "videoEmbed" ? "a video" : block.type.name === "image" ? "an image" : `a ${block.type.name}`;
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

/** The blocks of a Visual document that a trip through Markdown and back would change (none, normally). */
export function changedByMarkdown(schema: Schema, html: string): string[] {
  const before = blocks(parse(schema, html));
  const after = blocks(parse(schema, markdownToHtml(htmlToMarkdown(html))));
  const changed = before.filter((block, i) => !after[i] || !block.eq(after[i])).map(describe);
  if (changed.length === 0 && after.length !== before.length) changed.push("the end of the document");
  return changed;
}

/** Names for the Markdown (GFM) constructs our schema has no place for. */
const NAMES: Record<string, string> = {
  TABLE: "tables",
  H5: "headings 5 and 6",
  H6: "headings 5 and 6",
  INPUT: "task list checkboxes",
  IMG: "images that are not https addresses",
  IFRAME: "frames other than YouTube and Vimeo videos",
  SUP: "superscript",
  SUB: "subscript",
  MARK: "highlights",
};
/** Elements whose content the schema keeps without them (tables count once, as "tables"). */
const CONTAINERS = new Set(["BODY", "DIV", "SPAN", "THEAD", "TBODY", "TFOOT", "TR", "TD", "TH", "SECTION", "ARTICLE"]);

function tagRules(schema: Schema): TagParseRule[] {
  const specs = [...Object.values(schema.nodes), ...Object.values(schema.marks)].flatMap((t) => t.spec.parseDOM ?? []);
  return specs.filter((r): r is TagParseRule => "tag" in r && typeof r.tag === "string");
}

/** What the Markdown says that the Visual document (and the saved HTML) cannot hold. */
export function unsupportedInMarkdown(schema: Schema, markdown: string): string[] {
  const body = new DOMParser().parseFromString(markdownToHtml(markdown), "text/html").body;
  const rules = tagRules(schema);
  const lost = new Set<string>();
  for (const el of body.querySelectorAll("*")) {
    const known = rules.some((r) => el.matches(r.tag) && (!r.getAttrs || r.getAttrs(el as HTMLElement) !== false));
    if (!known && !CONTAINERS.has(el.nodeName)) lost.add(NAMES[el.nodeName] ?? `<${el.nodeName.toLowerCase()}>`);
  }
  return [...lost];
}
