import { useId, useRef } from "react";
import { ToolbarButton, onToolbarKeyDown } from "./toolbar-button";
import type { IconName } from "./icons";

type Edit = { label: string; icon?: IconName; text?: string; apply: (selected: string) => { before: string; inner: string; after: string } };

const wrap = (mark: string, fallback: string) => (s: string) => ({ before: mark, inner: s || fallback, after: mark });
const linePrefix = (prefix: (i: number) => string, fallback: string) => (s: string) => ({
  before: "",
  inner: (s || fallback)
    .split("\n")
    .map((line, i) => prefix(i) + line)
    .join("\n"),
  after: "",
});

const EDITS: Edit[] = [
  { label: "Bold", icon: "bold", apply: wrap("**", "bold text") },
  { label: "Italic", icon: "italic", apply: wrap("*", "italic text") },
  { label: "Heading 1", text: "H1", apply: linePrefix(() => "# ", "Heading") },
  { label: "Heading 2", text: "H2", apply: linePrefix(() => "## ", "Heading") },
  { label: "Heading 3", text: "H3", apply: linePrefix(() => "### ", "Heading") },
  { label: "Bulleted list", icon: "bulletList", apply: linePrefix(() => "- ", "List item") },
  { label: "Numbered list", icon: "orderedList", apply: linePrefix((i) => `${i + 1}. `, "List item") },
  { label: "Link", icon: "link", apply: (s) => ({ before: "[", inner: s || "link text", after: "](https://)" }) },
  { label: "Code", icon: "code", apply: (s) => (s.includes("\n") ? { before: "```\n", inner: s, after: "\n```" } : wrap("`", "code")(s)) },
  { label: "Blockquote", icon: "quote", apply: linePrefix(() => "> ", "Quote") },
  { label: "Horizontal rule", icon: "rule", apply: (s) => ({ before: s ? `${s}\n\n` : "", inner: "---", after: "\n" }) },
];

/**
 * Markdown mode: source on the left, the live preview on the right. The preview shows the HTML the
 * editor will save (already passed through the editor's schema), so nothing the schema drops appears.
 */
export function MarkdownPane({
  label,
  markdown,
  previewHtml,
  unsupported,
  onChange,
}: {
  label: string;
  markdown: string;
  previewHtml: string;
  /** What this Markdown says that the saved document cannot hold. */
  unsupported: string[];
  onChange: (markdown: string) => void;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const apply = (edit: Edit) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end } = el;
    const { before, inner, after } = edit.apply(markdown.slice(start, end));
    onChange(markdown.slice(0, start) + before + inner + after + markdown.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + before.length, start + before.length + inner.length);
    });
  };
  return (
    <div>
      <div role="toolbar" aria-label="Markdown formatting" onKeyDown={onToolbarKeyDown} className="flex flex-wrap items-center gap-1 border-b border-gray-200 bg-gray-50 p-2">
        {EDITS.map((e) => (
          <ToolbarButton key={e.label} label={e.label} icon={e.icon} text={e.text} onClick={() => apply(e)} />
        ))}
      </div>
      <p role="status" className={unsupported.length ? "border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900" : "sr-only"}>
        {unsupported.length ? `Not kept when saved: ${unsupported.join(", ")}.` : ""}
      </p>
      <div className="grid md:grid-cols-2">
        <textarea
          ref={area}
          aria-label={`${label} (Markdown source)`}
          value={markdown}
          onChange={(e) => onChange(e.target.value)}
          spellCheck
          className="min-h-72 w-full resize-y border-0 p-4 font-mono text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600 md:border-r md:border-gray-200"
        />
        <section aria-labelledby={`${id}-preview`} className="border-t border-gray-200 p-4 md:border-t-0">
          <h3 id={`${id}-preview`} className="text-xs font-semibold uppercase tracking-wide text-gray-600">
            Preview
          </h3>
          <div className="prose-shop" dangerouslySetInnerHTML={{ __html: previewHtml }} />
        </section>
      </div>
    </div>
  );
}
