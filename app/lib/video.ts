/** Video links the editor embeds: YouTube and Vimeo only (the hosts the sanitiser and the CSP allow). */

export type VideoEmbed = { provider: "YouTube" | "Vimeo"; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The embed address for a YouTube or Vimeo link, or null for anything else (which becomes a plain link). */
export function videoEmbed(link: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === "youtu.be") id = parts[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id = parts[0] === "watch" ? (url.searchParams.get("v") ?? undefined) : ["embed", "shorts", "live", "v"].includes(parts[0]) ? parts[1] : undefined;
  }
  if (id && YOUTUBE_ID.test(id)) return { provider: "YouTube", src: `https://www.youtube.com/embed/${id}` };
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeoId = parts.find((p) => /^\d{3,12}$/.test(p));
    if (vimeoId) return { provider: "Vimeo", src: `https://player.vimeo.com/video/${vimeoId}` };
  }
  return null;
}

/** True when an iframe address is one we produce (used when HTML is loaded back into the editor). */
export function isEmbedSrc(src: string | null | undefined): boolean {
  if (!src) return false;
  return /^https:\/\/(www\.youtube\.com\/embed\/[A-Za-z0-9_-]{11}|www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}|player\.vimeo\.com\/video\/\d{3,12})([?#].*)?$/.test(src);
}
