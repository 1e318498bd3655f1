import sanitizeHtml from "sanitize-html";

/**
 * The one allow-list for HTML written by editors (products, posts, AI output), applied on save
 * and again on render. No scripts, no event handlers, no javascript:/data: URLs, iframes only
 * from YouTube's and Vimeo's embed hosts, and images only from this site (the media library).
 */
const EMBED_HOSTS = ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];

/**
 * The only classes kept. The editor (app/components/editor/extensions.ts) writes alignment and text
 * size as inline styles (limited below) and embeds as bare iframes, so it needs none; these are the
 * alignment and text-size classes pasted or converted HTML may carry. Anything else (Tailwind's
 * `fixed inset-0 z-50`, `hidden`, `absolute`…) would let a writer lay a fake page over the shop.
 */
export const ALLOWED_CLASSES = [
  "text-left", "text-center", "text-right", "text-justify",
  "text-sm", "text-base", "text-lg", "text-xl", "text-2xl",
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code",
    "strong", "b", "em", "i", "u", "s", "del", "mark", "sub", "sup", "span", "small",
    "ul", "ol", "li", "a", "img", "figure", "figcaption", "iframe", "div",
    "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading"],
    iframe: ["src", "width", "height", "title", "allow", "allowfullscreen", "frameborder"],
    "*": ["class", "style"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
  },
  allowedStyles: {
    "*": {
      "text-align": [/^(left|right|center|justify)$/],
      // The editor's sizes (TEXT_SIZES: 0.875rem to 1.875rem), or their like up to 2rem / 32px.
      "font-size": [/^(0?\.\d{1,3}|1(\.\d{1,3})?|2)(rem|em)$/, /^([89]|[12]\d|3[0-2])px$/],
    },
  },
  allowedClasses: { "*": ALLOWED_CLASSES },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // Images come from the media library, on this site (see below for the save's first pass).
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target === "_blank") out.rel = "noopener noreferrer";
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === "iframe" || frame.tag === "img") && !frame.attribs.src,
};

/** The save's first pass: images on other sites are kept, to be copied into the library (server/media/import-images.ts). */
const withRemoteImages: sanitizeHtml.IOptions = { ...options, allowedSchemesByTag: { img: ["http", "https"] } };

/**
 * Sanitises editor HTML. An image is kept only with an address on this site (a media-library
 * rendition), so no reader's browser is sent elsewhere for one; `remoteImages` keeps http(s) images
 * for the save's import step, which replaces them before the final pass.
 */
export function sanitizeRichText(html: string, { remoteImages = false } = {}): string {
  return sanitizeHtml(html, remoteImages ? withRemoteImages : options);
}
