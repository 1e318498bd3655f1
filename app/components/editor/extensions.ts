import { Node, mergeAttributes, type Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import Placeholder from "@tiptap/extension-placeholder";
import TextAlign from "@tiptap/extension-text-align";
import { FontSize, TextStyle } from "@tiptap/extension-text-style";
import StarterKit from "@tiptap/starter-kit";
import { isEmbedSrc } from "~/lib/video";

/** The spec's text sizes. */
export const TEXT_SIZES = [
  { label: "Small", value: "0.875rem" },
  { label: "Medium", value: "1rem" },
  { label: "Large", value: "1.25rem" },
  { label: "Extra Large", value: "1.5rem" },
  { label: "Double XL", value: "1.875rem" },
] as const;

/**
 * A YouTube or Vimeo player. Only embed addresses from those hosts are parsed, so pasted or typed
 * HTML cannot bring any other frame into the document.
 */
const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, title: { default: "Embedded video" } };
  },
  parseHTML() {
    return [
      {
        tag: "iframe[src]",
        getAttrs: (el) => {
          const src = el.getAttribute("src");
          return isEmbedSrc(src) ? { src, title: el.getAttribute("title") || "Embedded video" } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      "iframe",
      mergeAttributes(
        { width: "640", height: "360", frameborder: "0", allowfullscreen: "true", allow: "encrypted-media; picture-in-picture; fullscreen" },
        HTMLAttributes,
      ),
    ];
  },
});

export function editorExtensions(placeholder: string): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        HTMLAttributes: { target: "_blank", rel: "noopener noreferrer" },
      },
    }),
    TextStyle,
    FontSize,
    TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right"] }),
    Image.configure({ allowBase64: false }),
    VideoEmbed,
    Placeholder.configure({ placeholder }),
  ];
}
