import { Node, mergeAttributes, type Extensions } from "@tiptap/core";
import FileHandler from "@tiptap/extension-file-handler";
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

/** Image formats the upload pipeline accepts (it checks the bytes again on the server). */
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"];

/** Uploaded images carry their renditions (srcset) and the size the layout reserves. */
const BodyImage = Image.extend({
  addAttributes() {
    return { ...this.parent?.(), srcset: { default: null }, sizes: { default: null } };
  },
});

/** `onImageFile`: an image dropped (at a document position) or pasted into the editor. */
export function editorExtensions(placeholder: string, onImageFile: (file: File, at?: number) => void): Extensions {
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
    BodyImage.configure({ allowBase64: false }),
    FileHandler.configure({
      allowedMimeTypes: IMAGE_TYPES,
      consumePasteEvent: true,
      onDrop: (_editor, files, at) => files[0] && onImageFile(files[0], at),
      onPaste: (_editor, files) => files[0] && onImageFile(files[0]),
    }),
    VideoEmbed,
    Placeholder.configure({ placeholder }),
  ];
}
