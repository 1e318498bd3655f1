import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { TEXT_SIZES } from "./extensions";
import { ToolbarButton, onToolbarKeyDown } from "./toolbar-button";

const BLOCKS = [
  { value: "paragraph", label: "Paragraph" },
  { value: "h1", label: "Heading 1" },
  { value: "h2", label: "Heading 2" },
  { value: "h3", label: "Heading 3" },
  { value: "h4", label: "Heading 4" },
  { value: "blockquote", label: "Blockquote" },
] as const;

type Block = (typeof BLOCKS)[number]["value"];

export type ToolbarActions = {
  onLink: () => void;
  onImage: () => void;
  onVideo: () => void;
  onAi: () => void;
};

const selectClass = "h-8 rounded-md border border-gray-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/** The Visual mode toolbar; in raw HTML mode its controls are disabled (the HTML toggle is with the modes). */
export function VisualToolbar({ editor, htmlMode, actions }: { editor: Editor; htmlMode: boolean; actions: ToolbarActions }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: (e.isActive("blockquote")
        ? "blockquote"
        : ([1, 2, 3, 4].map((level) => (e.isActive("heading", { level }) ? `h${level}` : null)).find(Boolean) ?? "paragraph")) as Block,
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      code: e.isActive("code"),
      link: e.isActive("link"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      align: (["center", "right"].find((a) => e.isActive({ textAlign: a })) ?? "left") as "left" | "center" | "right",
      size: (e.getAttributes("textStyle").fontSize as string | undefined) ?? "",
    }),
  });
  const chain = () => editor.chain().focus();
  const setBlock = (block: Block) => {
    if (block === "blockquote") return chain().setParagraph().setBlockquote().run();
    const c = chain().unsetBlockquote();
    if (block === "paragraph") c.setParagraph().run();
    else c.setHeading({ level: Number(block.slice(1)) as 1 | 2 | 3 | 4 }).run();
  };
  const off = htmlMode;
  return (
    <div role="toolbar" aria-label="Formatting" onKeyDown={onToolbarKeyDown} className="flex flex-wrap items-center gap-1 border-b border-gray-200 bg-gray-50 p-2">
      <select aria-label="Block format" className={selectClass} disabled={off} value={s.block} onChange={(e) => setBlock(e.target.value as Block)}>
        {BLOCKS.map((b) => (
          <option key={b.value} value={b.value}>
            {b.label}
          </option>
        ))}
      </select>
      <ToolbarButton label="Bold" icon="bold" pressed={s.bold} disabled={off} onClick={() => chain().toggleBold().run()} />
      <ToolbarButton label="Italic" icon="italic" pressed={s.italic} disabled={off} onClick={() => chain().toggleItalic().run()} />
      <ToolbarButton label="Underline" icon="underline" pressed={s.underline} disabled={off} onClick={() => chain().toggleUnderline().run()} />
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300" />
      <ToolbarButton label="Align left" icon="alignLeft" pressed={s.align === "left"} disabled={off} onClick={() => chain().setTextAlign("left").run()} />
      <ToolbarButton label="Align center" icon="alignCenter" pressed={s.align === "center"} disabled={off} onClick={() => chain().setTextAlign("center").run()} />
      <ToolbarButton label="Align right" icon="alignRight" pressed={s.align === "right"} disabled={off} onClick={() => chain().setTextAlign("right").run()} />
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300" />
      <ToolbarButton label="Numbered list" icon="orderedList" pressed={s.orderedList} disabled={off} onClick={() => chain().toggleOrderedList().run()} />
      <ToolbarButton label="Bulleted list" icon="bulletList" pressed={s.bulletList} disabled={off} onClick={() => chain().toggleBulletList().run()} />
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300" />
      <ToolbarButton label="Link" icon="link" pressed={s.link} disabled={off} onClick={actions.onLink} />
      <ToolbarButton label="Image" icon="image" disabled={off} onClick={actions.onImage} />
      <ToolbarButton label="Video" icon="video" disabled={off} onClick={actions.onVideo} />
      <ToolbarButton label="Code" icon="code" pressed={s.code} disabled={off} onClick={() => chain().toggleCode().run()} />
      <select
        aria-label="Text size"
        className={selectClass}
        disabled={off}
        value={s.size}
        onChange={(e) => (e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run())}
      >
        <option value="">Default size</option>
        {TEXT_SIZES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300" />
      <ToolbarButton label="AI Writer" icon="sparkles" text="AI" disabled={off} onClick={actions.onAi} />
    </div>
  );
}
