/** URL checks shared by forms and the editor. */

/** An https URL (what the CSP lets pages load) or a path on this site, never "//host" or "javascript:". */
export function isImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** A link target a reader can safely follow: http(s), mail, phone or a path on this site. */
export function isLinkUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    return ["https:", "http:", "mailto:", "tel:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
