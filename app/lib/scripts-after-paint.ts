/**
 * A shared page (ADR 018) is whole and usable without its scripts: they only hydrate it. So its
 * scripts load after its main picture's paint (ADR 023): React Router's module preloads leave the head, and
 * its inline module script (static imports of the matched route modules, then the entry) becomes a
 * classic script that, once the page's main picture is on screen, preloads the same modules and imports
 * them with import(). Fetched at once, ~100 KB of scripts competed with the document and the
 * picture on a phone's connection, and Chromium ran them (and React hydrated) before it painted.
 *
 * React Router's <Scripts> has no option for this, so it is done on the page's bytes before the page
 * is cached. The script's tag keeps its nonce marker, so the page cache hashes the new script for
 * the CSP; React hydrates an inline <script> without comparing its type or text. A page whose
 * preloads or module script have another shape is left as it is.
 */
export function scriptsAfterPaint(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_END);
  const script = moduleScriptIn(html);
  if (headEnd < 0 || script === null) return html;
  const preloads = modulePreloadsIn(html.subarray(0, headEnd));
  const loader = preloads && deferredLoader(html.subarray(script.bodyStart, script.bodyEnd).toString("utf8"), preloads.map((p) => p.href));
  if (!preloads || !loader) return html;
  const parts: Buffer[] = [];
  let from = 0;
  for (const p of preloads) {
    parts.push(html.subarray(from, p.start));
    from = p.end;
  }
  const openTag = html.subarray(script.tagStart, script.bodyStart).toString("utf8").replace(MODULE_ATTRIBUTES, "");
  parts.push(html.subarray(from, script.tagStart), Buffer.from(openTag + loader), html.subarray(script.bodyEnd));
  return Buffer.concat(parts);
}

/** React Router's inline module script: `<script nonce="..." type="module" async="">...</script>`. */
function moduleScriptIn(html: Buffer) {
  const attributes = html.indexOf(MODULE_ATTRIBUTES);
  const tagStart = html.lastIndexOf(SCRIPT_START, attributes);
  const bodyStart = html.indexOf(GT, tagStart) + 1;
  if (attributes < 0 || tagStart < 0 || bodyStart < attributes) return null;
  const bodyEnd = html.indexOf(SCRIPT_END, bodyStart);
  return bodyEnd < 0 ? null : { tagStart, bodyStart, bodyEnd };
}

/** Each `<link rel="modulepreload" href="..." nonce="..."/>` in the head; null when one carries anything else (integrity, crossorigin). */
function modulePreloadsIn(head: Buffer) {
  const found: { start: number; end: number; href: string }[] = [];
  for (let start = head.indexOf(MODULE_PRELOAD); start >= 0; start = head.indexOf(MODULE_PRELOAD, start + 1)) {
    const end = head.indexOf(GT, start) + 1;
    const href = PLAIN_PRELOAD.exec(head.subarray(start, end).toString("utf8"))?.[1];
    if (end === 0 || href === undefined) return null;
    found.push({ start, end, href });
  }
  return found;
}

/**
 * The client build's chunk of React and React DOM (vite.config.ts): imported, and so evaluated, in a
 * task before the route modules, which bring React Router and the shop's code. Evaluated with them
 * it was one task of 15-25 ms on a phone-speed CPU, the longest after the first paint.
 */
export const REACT_CHUNK = "react";
// The chunk name and an 8-character hash, so that no other chunk named after a "react-..." module matches.
const REACT_CHUNK_FILE = new RegExp(`/${REACT_CHUNK}-[\\w-]{8}\\.js$`);

/** A promise of the next task: a message, not a timer (a page whose clock is stopped must still start). */
const NEXT_TASK = `function () { return new Promise(function (resolve) { var channel = new MessageChannel(); channel.port1.onmessage = function () { channel.port1.close(); resolve(); }; channel.port2.postMessage(0); }); }`;

const STATIC_IMPORT = /^import \* as (\w+) from ("[^"\\\n]+");$/gm;
const OTHER_IMPORT = /^\s*import[\s{*"']/m;

/**
 * React Router's module script as a classic script that preloads `preloads` and imports the same
 * modules after the main picture's paint (React's chunk first, the rest in a later task); null for a
 * script of a shape it does not know. A module that does not arrive leaves the page as the server
 * sent it, as a failed module script would (the failed request shows in the console), not as an
 * unhandled rejection.
 */
export function deferredLoader(moduleScript: string, preloads: string[]): string | null {
  const names: string[] = [];
  const urls: string[] = [];
  const rest = moduleScript.replace(STATIC_IMPORT, (_line, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return "";
  });
  if (names.length === 0 || OTHER_IMPORT.test(rest)) return null;
  const first = preloads.filter((href) => REACT_CHUNK_FILE.test(href));
  const start = `function () {
  ${JSON.stringify(preloads)}.forEach(function (href) { var link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.appendChild(link); });
  Promise.all(${JSON.stringify(first)}.map(function (href) { return import(href); })).then(${NEXT_TASK}).then(function () {
    return Promise.all([${urls.map((u) => `import(${u})`).join(", ")}]);
  }).then(function (m) {
    var ${names.map((n, i) => `${n} = m[${i}]`).join(", ")};
${rest}
  }, function () {});
}`;
  return `(${AFTER_MAIN_PAINT})(${start});`;
}

// Runs `start` once the page's main picture (`elementtiming="main-picture"`, the high-priority image)
// is on screen: the Element Timing API reports it after that frame is presented, whether or not it
// is the largest paint. The window's load event is no such sign: on a busy phone the picture is
// loaded well before it is painted. A page without one waits for its first largest paint. A picture
// the layout hides (no box) is never painted, so it stops counting: an IntersectionObserver's first
// report, made once the first frame is laid out, tells. (Asking its box here, as the document is
// parsed, forced the page's whole style and layout into the parser's task: 20 ms on a phone-speed
// CPU, the longest task around the first paint.) Without those APIs (Safari),
// a frame after the load event. The shopper's first key, tap or scroll starts it at once, and so do
// 3 s. No timer stands between the paint and the start (a test may have stopped the page's clock).
const AFTER_MAIN_PAINT = `function (start) {
  var started = false;
  function go() { if (!started) { started = true; start(); } }
  setTimeout(go, 3000);
  ["keydown", "pointerdown", "scroll"].forEach(function (type) { addEventListener(type, go, { capture: true, once: true, passive: true }); });
  var supported = PerformanceObserver.supportedEntryTypes || [];
  if (supported.indexOf("element") < 0 || supported.indexOf("largest-contentful-paint") < 0) {
    addEventListener("load", function () { requestAnimationFrame(function () { setTimeout(go, 0); }); });
    return;
  }
  var pictures = [].slice.call(document.querySelectorAll('img[elementtiming="main-picture"]'));
  function painted(list) {
    list.getEntries().forEach(function (entry) { if (!pictures.length || pictures.indexOf(entry.element) >= 0) go(); });
  }
  if (pictures.length) new PerformanceObserver(painted).observe({ type: "element", buffered: true });
  else new PerformanceObserver(painted).observe({ type: "largest-contentful-paint", buffered: true });
  if (!pictures.length || typeof IntersectionObserver !== "function") return;
  var boxes = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      boxes.unobserve(entry.target);
      if (entry.boundingClientRect.width || entry.boundingClientRect.height) return;
      pictures.splice(pictures.indexOf(entry.target), 1);
      if (!pictures.length) go();
    });
  });
  pictures.forEach(function (img) { boxes.observe(img); });
}`;

const HEAD_END = Buffer.from("</head>");
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const PLAIN_PRELOAD = /^<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/?>$/;
const SCRIPT_START = Buffer.from("<script ");
const MODULE_ATTRIBUTES = ' type="module" async=""';
const GT = 0x3e;
const SCRIPT_END = Buffer.from("</script>");
