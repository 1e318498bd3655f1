import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { isLinkUrl } from "@core/url";
import { videoEmbed } from "~/lib/video";
import { AiDialog } from "./ai-dialog";
import { editorExtensions } from "./extensions";
import { ImageDialog, type ImageRequest } from "./image-dialog";
import { insertBlock } from "./insert";
import { htmlToMarkdown, markdownToHtml } from "./markdown";
import { MarkdownPane } from "./markdown-pane";
import { changedByMarkdown, unsupportedInMarkdown } from "./round-trip";
import { UrlDialog, type UrlRequest } from "./url-dialog";
import { ToolbarButton } from "./toolbar-button";
import { VisualToolbar } from "./visual-toolbar";

type Mode = "visual" | "markdown" | "html";

/** A mode switch that would not keep everything, waiting for the writer's word. */
type LossySwitch = { to: Mode; lost: string[] };

/**
 * HTML from outside the editor (paste, raw HTML, Markdown) loses script and style blocks (their text
 * would otherwise land in the post) and inline event handlers before the browser parses it: the
 * schema would drop them anyway, but even an inert parse makes the browser report CSP violations.
 */
function withoutActiveContent(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<(script|style)\b[^>]*\/?>/gi, "")
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
}

/**
 * The rich editor itself (Tiptap), loaded lazily by RichEditor. The Tiptap document is the single
 * source of truth: Markdown and raw HTML edits are parsed back through its schema, so what is emitted
 * only ever holds what the schema allows (the server still sanitises on save).
 */
export default function TiptapEditor({
  labelId,
  label,
  defaultValue,
  onChange,
}: {
  labelId: string;
  label: string;
  defaultValue: string;
  onChange: (html: string) => void;
}) {
  const toast = useToast();
  const [mode, setMode] = useState<Mode>("visual");
  const [markdown, setMarkdown] = useState("");
  const [rawHtml, setRawHtml] = useState("");
  const [html, setHtml] = useState(defaultValue);
  const [urlRequest, setUrlRequest] = useState<UrlRequest | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [imageRequest, setImageRequest] = useState<ImageRequest | null>(null);
  const [lossy, setLossy] = useState<LossySwitch | null>(null);
  const [unsupported, setUnsupported] = useState<string[]>([]);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const emit = (value: string) => {
    setHtml(value);
    changed.current(value);
  };

  const editor = useEditor({
    extensions: editorExtensions("Write your content here...", (file, at) => setImageRequest({ file, at })),
    content: defaultValue,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "prose-shop min-h-72 max-w-none p-4 focus:outline-none",
      },
      transformPastedHTML: withoutActiveContent,
    },
    onUpdate: ({ editor: e }) => emit(e.getHTML()),
  });
  if (!editor) return null;

  /** Replaces the document from Markdown or raw HTML, through the schema. */
  const load = (source: string) => {
    editor.commands.setContent(withoutActiveContent(source), { emitUpdate: false });
    emit(editor.getHTML());
  };

  const enter = (next: Mode) => {
    if (next === "markdown") {
      setMarkdown(htmlToMarkdown(editor.getHTML()));
      setUnsupported([]);
    }
    if (next === "html") setRawHtml(editor.getHTML());
    setMode(next);
    if (next === "visual") requestAnimationFrame(() => editor.commands.focus());
  };

  /** Switches mode, unless the switch would lose something: then the writer decides first. */
  const switchTo = (next: Mode) => {
    if (next === mode) return;
    let lost: string[] = [];
    try {
      if (next === "markdown") lost = changedByMarkdown(editor.schema, editor.getHTML());
      else if (mode === "markdown") lost = unsupportedInMarkdown(editor.schema, markdown);
    } catch (err) {
      console.warn("Markdown conversion failed", err); // the spec: conversion failures are only logged
      return;
    }
    if (lost.length > 0) setLossy({ to: next, lost });
    else enter(next);
  };

  const onMarkdown = (md: string) => {
    setMarkdown(md);
    try {
      load(markdownToHtml(md));
      setUnsupported(unsupportedInMarkdown(editor.schema, md));
    } catch (err) {
      console.warn("Markdown conversion failed", err);
    }
  };

  const linkAttrs = (href: string) => ({ href, target: "_blank", rel: "noopener noreferrer" });
  const actions = {
    onLink: () => {
      if (editor.state.selection.empty && !editor.isActive("link")) {
        toast({ title: "Please select some text first", variant: "destructive" });
        return;
      }
      const current = editor.getAttributes("link").href as string | undefined;
      setUrlRequest({
        title: current ? "Edit link" : "Insert link",
        urlLabel: current ? "Link URL (empty to remove the link)" : "Link URL",
        initialUrl: current,
        submitLabel: "Apply",
        onSubmit: (url) => {
          const c = editor.chain().focus().extendMarkRange("link");
          if (!url) c.unsetLink().run();
          else if (isLinkUrl(url)) c.setLink(linkAttrs(url)).run();
          else toast({ title: "Enter a web address starting with https://", variant: "destructive" });
        },
      });
    },
    onImage: () => setImageRequest({}),
    onVideo: () =>
      setUrlRequest({
        title: "Insert video",
        urlLabel: "YouTube or Vimeo link",
        submitLabel: "Insert",
        onSubmit: (url) => {
          const video = videoEmbed(url);
          if (video) insertBlock(editor, { type: "videoEmbed", attrs: { src: video.src, title: `${video.provider} video` } });
          else if (isLinkUrl(url))
            editor
              .chain()
              .focus()
              .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: linkAttrs(url) }] })
              .run();
          else toast({ title: "Enter a web address starting with https://", variant: "destructive" });
        },
      }),
    onAi: () => setAiOpen(true),
  };

  return (
    <div className="overflow-hidden rounded-xl border border-gray-300 bg-white focus-within:border-brand-600">
      {/* The HTML source toggle sits with the modes, not in the formatting toolbar: one row of tools at 1440 px. */}
      <div className="flex items-end justify-between gap-2 border-b border-gray-200 px-2 pt-2">
        <div role="group" aria-label="Editor mode" className="flex gap-1">
          {(["visual", "markdown"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={m === "visual" ? mode !== "markdown" : mode === "markdown"}
              onClick={() => switchTo(m)}
              className={`rounded-t-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                (m === "markdown") === (mode === "markdown") ? "bg-gray-50 text-brand-800" : "text-gray-600 hover:text-gray-900"
              }`}
            >
              {m === "visual" ? "Visual" : "Markdown"}
            </button>
          ))}
        </div>
        <div className="pb-1">
          <ToolbarButton label="Edit HTML" icon="html" text="HTML" pressed={mode === "html"} onClick={() => switchTo(mode === "html" ? "visual" : "html")} />
        </div>
      </div>
      {mode !== "markdown" ? <VisualToolbar editor={editor} htmlMode={mode === "html"} actions={actions} /> : null}
      <div hidden={mode !== "visual"}>
        <EditorContent editor={editor} />
      </div>
      {mode === "html" ? (
        <textarea
          aria-label={`${label} (HTML source)`}
          value={rawHtml}
          onChange={(e) => {
            setRawHtml(e.target.value);
            load(e.target.value);
          }}
          spellCheck={false}
          className="min-h-72 w-full resize-y border-0 p-4 font-mono text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600"
        />
      ) : null}
      {mode === "markdown" ? <MarkdownPane label={label} markdown={markdown} previewHtml={html} unsupported={unsupported} onChange={onMarkdown} /> : null}
      <ConfirmDialog
        open={lossy !== null}
        onOpenChange={(open) => !open && setLossy(null)}
        title={lossy?.to === "markdown" ? "Markdown cannot keep all of this document" : "The visual editor cannot keep all of this Markdown"}
        description={`Switching now would change or drop: ${lossy?.lost.join(", ") ?? ""}.`}
        cancelLabel={lossy?.to === "markdown" ? "Stay in Visual" : "Stay in Markdown"}
        confirmLabel="Switch anyway"
        onConfirm={() => lossy && enter(lossy.to)}
      />
      <ImageDialog request={imageRequest} onClose={() => setImageRequest(null)} onInsert={(image, at) => insertBlock(editor, { type: "image", attrs: image }, at)} />
      <UrlDialog request={urlRequest} onClose={() => setUrlRequest(null)} />
      <AiDialog open={aiOpen} onOpenChange={setAiOpen} onInsert={(generated) => editor.chain().focus().insertContent(withoutActiveContent(generated)).run()} />
    </div>
  );
}
