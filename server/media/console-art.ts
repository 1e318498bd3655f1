/**
 * Original product artwork of the shop's consoles, drawn in code (there is no network for stock
 * photos): a front, a back and a three-quarter side view per colour, on a soft studio backdrop.
 * Every drawing is an SVG string on a 960 x 960 view box, rasterised by sharp at the size asked for.
 *
 * The shapes stay flat fills and a few gradients on purpose: the front view is the product page's
 * largest paint, and flat artwork encodes to a few kilobytes.
 */

export type ConsoleModel = {
  /** Printed under the screen and on the back label. */
  label: string;
  layout: "vertical" | "horizontal";
  /** Hall-effect sticks get a lit ring (R36PRO); classic sticks are plain. */
  sticks: "none" | "classic" | "hall";
};

export type ConsoleView = "front" | "back" | "side";
export const CONSOLE_VIEWS: readonly ConsoleView[] = ["front", "back", "side"];

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${((c(r) << 16) | (c(g) << 8) | c(b)).toString(16).padStart(6, "0")}`;
}

/** Lighter (amount > 0) or darker (amount < 0) by a fixed step on each channel. */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = rgb(hex);
  return hexOf([r + amount, g + amount, b + amount]);
}

export function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return r * 0.299 + g * 0.587 + b * 0.114 > 160;
}

/** The colours one drawing is made of, from the variant's hex. */
function paletteOf(hex: string) {
  const light = isLight(hex);
  const [r, g, b] = rgb(hex);
  // Dark bodies get buttons a shade lighter than themselves; every other body gets charcoal ones.
  const dark = r * 0.299 + g * 0.587 + b * 0.114 < 90;
  return {
    body: hex,
    hi: shade(hex, light ? 10 : 34),
    lo: shade(hex, light ? -28 : -26),
    edge: shade(hex, light ? -58 : -48),
    seam: shade(hex, light ? -40 : 40),
    button: dark ? shade(hex, 58) : "#3b3d48",
    buttonLo: dark ? shade(hex, 30) : "#23242c",
    ink: light ? "#5a5c68" : "#eceef4",
    faint: dark ? shade(hex, 110) : light ? "#8d90a0" : "#fff4e8",
  };
}
type Palette = ReturnType<typeof paletteOf>;

const svgOpen = (width: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 960 960">`;

/** Backdrop and floor shadow shared by every product shot. */
function studio(shadow: { cx: number; cy: number; rx: number; ry: number }) {
  return `<defs>
<radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="#fbfbfd"/><stop offset="1" stop-color="#e4e7ef"/></radialGradient>
<radialGradient id="floor" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#1d2030" stop-opacity=".26"/><stop offset="1" stop-color="#1d2030" stop-opacity="0"/></radialGradient>
</defs>
<rect width="960" height="960" fill="url(#bg)"/>
<ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="${shadow.ry}" fill="url(#floor)"/>`;
}

/** The body's light-to-shadow gradient (top left lit). */
function bodyGradient(id: string, p: Palette, reverse = false) {
  const [a, b] = reverse ? [p.lo, p.hi] : [p.hi, p.lo];
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset=".55" stop-color="${p.body}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
}

/** A little platformer level on the screen: sky, sun, clouds, hills, bricks, coins and the hero. */
function gameScene(x: number, y: number, w: number, h: number) {
  const u = w / 32; // one "pixel" of the game
  const ground = y + h - 4 * u;
  const px = (cx: number, cy: number, cw: number, ch: number, fill: string) =>
    `<rect x="${(x + cx * u).toFixed(1)}" y="${(y + cy * u).toFixed(1)}" width="${(cw * u).toFixed(1)}" height="${(ch * u).toFixed(1)}" fill="${fill}"/>`;
  const rows = Math.round(h / u);
  const bricks = Array.from({ length: 8 }, (_, i) => px(i * 4, rows - 4, 4, 2, i % 2 ? "#b4562b" : "#c9673a")).join("") +
    Array.from({ length: 8 }, (_, i) => px(i * 4 + 2, rows - 2, 4, 2, i % 2 ? "#c9673a" : "#b4562b")).join("");
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f8fe0"/><stop offset="1" stop-color="#9ed3f2"/></linearGradient></defs>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>
${px(24, 2, 4, 4, "#ffd84a")}${px(25, 1, 2, 6, "#ffd84a")}${px(23, 3, 6, 2, "#ffd84a")}
${px(3, 4, 6, 2, "#ffffff")}${px(4, 3, 3, 1, "#ffffff")}${px(13, 6, 5, 2, "#f4f9ff")}${px(14, 5, 2, 1, "#f4f9ff")}
<path d="M${x} ${ground} L${x + 6 * u} ${ground - 7 * u} L${x + 12 * u} ${ground} Z" fill="#3c9a5f"/>
<path d="M${x + 10 * u} ${ground} L${x + 18 * u} ${ground - 9 * u} L${x + 26 * u} ${ground} Z" fill="#2f8452"/>
<path d="M${x + 22 * u} ${ground} L${x + 28 * u} ${ground - 5 * u} L${x + 34 * u} ${ground} Z" fill="#3c9a5f"/>
${bricks}
${px(12, rows - 12, 6, 2, "#c9673a")}${px(14, rows - 12, 2, 2, "#f2b233")}
${px(13, rows - 15, 1, 2, "#ffd84a")}${px(16, rows - 15, 1, 2, "#ffd84a")}${px(20, rows - 8, 1, 2, "#ffd84a")}
${px(6, rows - 8, 3, 1, "#e0383b")}${px(5, rows - 7, 4, 1, "#e0383b")}${px(6, rows - 6, 2, 1, "#ffd2a8")}${px(5, rows - 5, 4, 1, "#2d55c9")}
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#ffffff" fill-opacity=".07"/>
<path d="M${x} ${y} H${x + w * 0.42} L${x} ${y + h * 0.7} Z" fill="#ffffff" fill-opacity=".10"/>`;
}

function dpad(cx: number, cy: number, s: number, p: Palette) {
  const a = s * 0.36;
  return `<g>
<circle cx="${cx}" cy="${cy}" r="${s * 1.05}" fill="${p.lo}" fill-opacity=".45"/>
<path d="M${cx - a} ${cy - s} h${2 * a} v${s - a} h${s - a} v${2 * a} h${-(s - a)} v${s - a} h${-2 * a} v${-(s - a)} h${-(s - a)} v${-2 * a} h${s - a} Z" fill="${p.button}" stroke="${p.buttonLo}" stroke-width="3" stroke-linejoin="round"/>
<circle cx="${cx}" cy="${cy}" r="${a * 0.55}" fill="${p.buttonLo}"/>
<path d="M${cx} ${cy - s * 0.86} l${a * 0.5} ${a * 0.6} h${-a} Z M${cx} ${cy + s * 0.86} l${a * 0.5} ${-a * 0.6} h${-a} Z M${cx - s * 0.86} ${cy} l${a * 0.6} ${a * 0.5} v${-a} Z M${cx + s * 0.86} ${cy} l${-a * 0.6} ${a * 0.5} v${-a} Z" fill="${p.faint}" fill-opacity=".55"/>
</g>`;
}

function faceButtons(cx: number, cy: number, s: number, p: Palette) {
  const r = s * 0.36;
  const b = (x: number, y: number, letter: string) =>
    `<circle cx="${x}" cy="${y + 3}" r="${r}" fill="${p.buttonLo}"/><circle cx="${x}" cy="${y}" r="${r}" fill="${p.button}"/><text x="${x}" y="${y + r * 0.38}" font-family="sans-serif" font-size="${r * 1.05}" font-weight="700" fill="${p.faint}" text-anchor="middle">${letter}</text>`;
  return `<circle cx="${cx}" cy="${cy}" r="${s * 1.12}" fill="${p.lo}" fill-opacity=".45"/>${b(cx, cy - s * 0.62, "X")}${b(cx + s * 0.62, cy, "A")}${b(cx, cy + s * 0.62, "B")}${b(cx - s * 0.62, cy, "Y")}`;
}

function stick(cx: number, cy: number, r: number, p: Palette, kind: "classic" | "hall") {
  const ring = kind === "hall" ? `<circle cx="${cx}" cy="${cy}" r="${r * 1.12}" fill="none" stroke="#4fd2ff" stroke-width="${r * 0.12}" stroke-opacity=".85"/>` : "";
  return `<circle cx="${cx}" cy="${cy}" r="${r * 1.22}" fill="${p.lo}"/>${ring}
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#2a2c35"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="#353844"/>
<circle cx="${cx - r * 0.2}" cy="${cy - r * 0.22}" r="${r * 0.3}" fill="#ffffff" fill-opacity=".10"/>`;
}

function pill(cx: number, cy: number, w: number, p: Palette, label: string) {
  return `<rect x="${cx - w / 2}" y="${cy - 9}" width="${w}" height="18" rx="9" fill="${p.button}"/><text x="${cx}" y="${cy + 32}" font-family="sans-serif" font-size="15" font-weight="600" fill="${p.faint}" text-anchor="middle" letter-spacing="1">${label}</text>`;
}

function grille(x: number, y: number, cols: number, rows: number, gap: number, p: Palette) {
  let dots = "";
  for (let i = 0; i < cols; i++) for (let j = 0; j < rows; j++) dots += `<circle cx="${x + i * gap}" cy="${y + j * gap}" r="${gap * 0.22}"/>`;
  return `<g fill="${p.edge}" fill-opacity=".75">${dots}</g>`;
}

/** The front of a console, in the body's own coordinates (vertical: 400 x 820 at 280,70; horizontal: 780 x 400 at 90,280). */
function frontFace(model: ConsoleModel, p: Palette, gid: string) {
  if (model.layout === "horizontal") {
    return `${bodyGradient(gid, p)}
<rect x="90" y="280" width="780" height="400" rx="96" fill="${p.edge}"/>
<rect x="90" y="272" width="780" height="400" rx="96" fill="url(#${gid})"/>
<rect x="102" y="284" width="756" height="376" rx="86" fill="none" stroke="#ffffff" stroke-opacity=".22" stroke-width="3"/>
<rect x="268" y="306" width="424" height="316" rx="22" fill="#16171d"/>
${gameScene(290, 328, 380, 272)}
<text x="480" y="648" font-family="sans-serif" font-size="20" font-weight="700" fill="${p.ink}" text-anchor="middle" letter-spacing="3">${model.label}</text>
<circle cx="250" cy="318" r="6" fill="#49e07a"/>
${dpad(178, 436, 56, p)}
${faceButtons(782, 436, 62, p)}
${pill(206, 560, 42, p, "SELECT")}${pill(754, 560, 42, p, "START")}
<rect x="462" y="268" width="36" height="8" rx="4" fill="${p.edge}"/>
${grille(140, 610, 5, 2, 16, p)}${grille(756, 610, 5, 2, 16, p)}`;
  }
  const sticks = model.sticks === "none" ? "" : `${stick(378, 752, 38, p, model.sticks)}${stick(582, 752, 38, p, model.sticks)}`;
  return `${bodyGradient(gid, p)}
<rect x="280" y="78" width="400" height="820" rx="58" fill="${p.edge}"/>
<rect x="280" y="70" width="400" height="820" rx="58" fill="url(#${gid})"/>
<rect x="292" y="82" width="376" height="796" rx="50" fill="none" stroke="#ffffff" stroke-opacity=".22" stroke-width="3"/>
<rect x="310" y="108" width="340" height="300" rx="20" fill="#16171d"/>
${gameScene(330, 128, 300, 240)}
<circle cx="328" cy="392" r="5" fill="#49e07a"/>
<text x="480" y="398" font-family="sans-serif" font-size="17" font-weight="700" fill="#8a8d99" text-anchor="middle" letter-spacing="3">${model.label}</text>
${dpad(378, 532, 54, p)}
${faceButtons(582, 532, 60, p)}
${pill(440, 640, 40, p, "SELECT")}${pill(520, 640, 40, p, "START")}
${sticks}
${grille(590, 838, 5, 2, 14, p)}
<rect x="312" y="842" width="54" height="12" rx="6" fill="${p.button}"/>`;
}

function backFace(model: ConsoleModel, p: Palette, gid: string) {
  const screw = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="9" fill="${p.lo}"/><circle cx="${x}" cy="${y}" r="6" fill="#9aa0ae"/><path d="M${x - 4} ${y} h8 M${x} ${y - 4} v8" stroke="#5d6270" stroke-width="2"/>`;
  const sticker = (x: number, y: number, w: number) => `<rect x="${x}" y="${y}" width="${w}" height="126" rx="10" fill="#f7f7f4"/>
<text x="${x + 20}" y="${y + 34}" font-family="sans-serif" font-size="22" font-weight="800" fill="#30323c">${model.label}</text>
<text x="${x + 20}" y="${y + 60}" font-family="sans-serif" font-size="14" fill="#5a5d68">Pocket Retro handheld console</text>
<text x="${x + 20}" y="${y + 82}" font-family="sans-serif" font-size="14" fill="#5a5d68">Input 5V 1.5A USB-C</text>
<text x="${x + 20}" y="${y + 104}" font-family="sans-serif" font-size="14" fill="#5a5d68">Designed in London</text>
<g fill="#30323c">${Array.from({ length: 12 }, (_, i) => `<rect x="${x + w - 96 + i * 6}" y="${y + 70}" width="${i % 3 ? 3 : 4}" height="40"/>`).join("")}</g>`;
  if (model.layout === "horizontal") {
    return `${bodyGradient(gid, p, true)}
<rect x="150" y="250" width="150" height="60" rx="22" fill="${p.edge}"/><rect x="660" y="250" width="150" height="60" rx="22" fill="${p.edge}"/>
<rect x="158" y="244" width="134" height="46" rx="18" fill="${p.button}"/><rect x="668" y="244" width="134" height="46" rx="18" fill="${p.button}"/>
<rect x="90" y="280" width="780" height="400" rx="96" fill="${p.edge}"/>
<rect x="90" y="272" width="780" height="400" rx="96" fill="url(#${gid})"/>
<path d="M150 420 Q150 612 300 640" fill="none" stroke="${p.seam}" stroke-opacity=".35" stroke-width="4"/>
<path d="M810 420 Q810 612 660 640" fill="none" stroke="${p.seam}" stroke-opacity=".35" stroke-width="4"/>
<rect x="300" y="330" width="360" height="280" rx="26" fill="${p.lo}" fill-opacity=".45" stroke="${p.seam}" stroke-opacity=".4" stroke-width="3"/>
${sticker(330, 360, 300)}
${screw(128, 330)}${screw(832, 330)}${screw(128, 620)}${screw(832, 620)}
${grille(368, 540, 12, 3, 20, p)}`;
  }
  const ridges = Array.from({ length: 6 }, (_, i) => `<rect x="${318 + i * 4}" y="${640 + i * 32}" width="60" height="10" rx="5" fill="${p.lo}"/><rect x="${582 - i * 4}" y="${640 + i * 32}" width="60" height="10" rx="5" fill="${p.lo}"/>`).join("");
  return `${bodyGradient(gid, p, true)}
<rect x="300" y="52" width="110" height="56" rx="18" fill="${p.edge}"/><rect x="550" y="52" width="110" height="56" rx="18" fill="${p.edge}"/>
<rect x="306" y="46" width="98" height="40" rx="14" fill="${p.button}"/><rect x="556" y="46" width="98" height="40" rx="14" fill="${p.button}"/>
<rect x="280" y="78" width="400" height="820" rx="58" fill="${p.edge}"/>
<rect x="280" y="70" width="400" height="820" rx="58" fill="url(#${gid})"/>
<rect x="330" y="150" width="300" height="420" rx="30" fill="${p.lo}" fill-opacity=".45" stroke="${p.seam}" stroke-opacity=".4" stroke-width="3"/>
${sticker(350, 230, 260)}
${grille(414, 440, 7, 4, 22, p)}
${ridges}
${screw(310, 100)}${screw(650, 100)}${screw(310, 860)}${screw(650, 860)}`;
}

/** The three-quarter view: the front face turned away to the left, the right side's thickness showing. */
function sideView(model: ConsoleModel, p: Palette) {
  const vertical = model.layout === "vertical";
  // The body's box in its own coordinates, and how far the side reaches.
  const [bx, by, bw, bh] = vertical ? [280, 70, 400, 820] : [90, 272, 780, 400];
  const thick = vertical ? 74 : 70;
  const squeeze = 0.7;
  const slope = 0;
  // Centre the turned body in the frame.
  const turnedWidth = bw * squeeze + thick;
  const ox = (960 - turnedWidth) / 2;
  const oy = vertical ? 6 : 24;
  const face = `matrix(${squeeze} ${slope} 0 1 ${(ox - bx * squeeze).toFixed(1)} ${(oy - bx * slope).toFixed(1)})`;
  const rightX = ox + bw * squeeze;
  const rightY = oy + bw * slope;
  const side = `matrix(1 -0.3 0 1 ${rightX.toFixed(1)} ${rightY.toFixed(1)})`;
  const port = (y: number, w: number, h: number) => `<rect x="${(thick - w) / 2}" y="${y}" width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" fill="#1b1c22"/>`;
  const sideDetails = vertical
    ? `<rect x="${thick * 0.3}" y="${by + 150}" width="${thick * 0.4}" height="120" rx="8" fill="${p.button}"/>
<rect x="${thick * 0.3}" y="${by + 300}" width="${thick * 0.4}" height="56" rx="8" fill="${p.button}"/>
${port(by + 560, 14, 70)}
${port(by + 700, 10, 36)}`
    : `<rect x="${thick * 0.3}" y="${by + 80}" width="${thick * 0.4}" height="90" rx="8" fill="${p.button}"/>
${port(by + 200, 14, 64)}${port(by + 300, 10, 34)}`;
  const cx = ox + turnedWidth / 2;
  return `${studio({ cx, cy: vertical ? 912 : 760, rx: turnedWidth * 0.62, ry: 36 })}
${bodyGradient("sideShade", { ...p, hi: p.lo, lo: p.edge })}
<g transform="${side}">
<rect x="-24" y="${by}" width="${thick + 24}" height="${bh}" rx="${thick / 2}" fill="url(#sideShade)"/>
<rect x="${thick - 8}" y="${by + 20}" width="6" height="${bh - 40}" rx="3" fill="#ffffff" fill-opacity=".14"/>
${sideDetails}
</g>
<g transform="${face}">${frontFace(model, p, "faceGrad")}</g>`;
}

/** One product shot of a console: the front, the back or the three-quarter side view, `width` pixels square. */
export function consoleSvg(model: ConsoleModel, hex: string, view: ConsoleView, width = 960): string {
  const p = paletteOf(hex);
  const vertical = model.layout === "vertical";
  const floor = vertical ? { cx: 480, cy: 914, rx: 290, ry: 34 } : { cx: 480, cy: 700, rx: 470, ry: 40 };
  const body =
    view === "front"
      ? `${studio(floor)}${frontFace(model, p, "faceGrad")}`
      : view === "back"
        ? `${studio(floor)}${backFace(model, p, "backGrad")}`
        : sideView(model, p);
  return `${svgOpen(width)}${body}</svg>`;
}

/** A console drawn small inside another picture (the home page's scene): its front face, scaled and placed by `transform`. */
export function consoleFront(model: ConsoleModel, hex: string, transform: string, id: string): string {
  return `<g transform="${transform}">${frontFace(model, paletteOf(hex), id)}</g>`;
}

/**
 * The home page's lifestyle picture (1200 x 900): an evening by the window, an orange R36S and a teal
 * 35XXPro on a wooden coffee table beside a mug of tea, headphones and two microSD cards.
 */
export function homeHeroSvg(width = 1200): string {
  const height = Math.round((width * 3) / 4);
  const r36s: ConsoleModel = { label: "R36S", layout: "vertical", sticks: "classic" };
  const xx: ConsoleModel = { label: "35XXPRO", layout: "horizontal", sticks: "none" };
  const skyline = [
    [600, 120, 90], [700, 70, 150], [780, 110, 110], [900, 90, 170], [1000, 140, 120], [1120, 80, 180],
  ]
    .map(([x, w, h]) => `<rect x="${x}" y="${520 - h}" width="${w}" height="${h}" fill="#3b2d5c"/>`)
    .join("");
  const windows = Array.from({ length: 14 }, (_, i) => `<rect x="${612 + ((i * 83) % 560)}" y="${420 + ((i * 37) % 80)}" width="10" height="14" fill="#ffd98a" fill-opacity=".85"/>`).join("");
  const grain = Array.from({ length: 9 }, (_, i) => `<path d="M${-40 + i * 12} ${640 + i * 30} Q600 ${610 + i * 34} 1240 ${648 + i * 29}" fill="none" stroke="#7a4a2a" stroke-opacity=".35" stroke-width="3"/>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 900">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a2f6b"/><stop offset="1" stop-color="#6a4a8c"/></linearGradient>
<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff9a62"/><stop offset=".6" stop-color="#ffc178"/><stop offset="1" stop-color="#ffe2a8"/></linearGradient>
<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c98a55"/><stop offset="1" stop-color="#9a5f35"/></linearGradient>
<radialGradient id="lamp" cx="18%" cy="30%" r="45%"><stop offset="0" stop-color="#ffd58a" stop-opacity=".55"/><stop offset="1" stop-color="#ffd58a" stop-opacity="0"/></radialGradient>
<radialGradient id="glow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#8fd0ff" stop-opacity=".45"/><stop offset="1" stop-color="#8fd0ff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1200" height="900" fill="url(#wall)"/>
<rect x="560" y="60" width="600" height="470" rx="14" fill="#2a2150"/>
<rect x="580" y="80" width="560" height="440" fill="url(#dusk)"/>
<circle cx="900" cy="430" r="70" fill="#fff1c4"/>
${skyline}${windows}
<rect x="580" y="290" width="560" height="12" fill="#2a2150"/><rect x="854" y="80" width="12" height="440" fill="#2a2150"/>
<rect x="540" y="520" width="640" height="24" rx="6" fill="#2a2150"/>
<rect width="1200" height="900" fill="url(#lamp)"/>
<path d="M140 90 L250 90 L290 210 L100 210 Z" fill="#f4d9a6"/><rect x="188" y="210" width="14" height="360" fill="#2a2150"/>
<rect x="70" y="300" width="380" height="16" rx="4" fill="#2a2150"/>
<rect x="96" y="232" width="26" height="68" fill="#e0524c"/><rect x="126" y="244" width="22" height="56" fill="#f2b233"/><rect x="152" y="226" width="30" height="74" fill="#4f8fe0"/><rect x="186" y="250" width="20" height="50" fill="#3c9a5f"/>
<path d="M330 300 Q318 250 346 236 Q360 270 352 300 Z M352 300 Q372 236 408 232 Q396 280 366 300 Z" fill="#3c9a5f"/><rect x="328" y="284" width="48" height="18" rx="4" fill="#c9673a"/>
<path d="M-20 640 Q600 590 1220 640 L1220 900 L-20 900 Z" fill="url(#table)"/>
<path d="M-20 640 Q600 590 1220 640" fill="none" stroke="#e3a874" stroke-width="6"/>
${grain}
<ellipse cx="470" cy="770" rx="210" ry="26" fill="#2a160b" fill-opacity=".35"/>
<ellipse cx="820" cy="744" rx="250" ry="30" fill="#2a160b" fill-opacity=".35"/>
<ellipse cx="470" cy="560" rx="230" ry="260" fill="url(#glow)"/>
${consoleFront(r36s, "#f08a24", "translate(300 120) rotate(-8 480 480) scale(0.62) translate(0 -60)", "heroA")}
${consoleFront(xx, "#1f9e9a", "translate(600 470) rotate(7 480 480) scale(0.5)", "heroB")}
<g transform="translate(930 520)">
<ellipse cx="90" cy="190" rx="110" ry="22" fill="#2a160b" fill-opacity=".35"/>
<path d="M20 40 H160 V170 Q160 196 134 196 H46 Q20 196 20 170 Z" fill="#f3f1ea"/>
<path d="M160 70 Q214 70 214 118 Q214 160 160 160" fill="none" stroke="#f3f1ea" stroke-width="18"/>
<ellipse cx="90" cy="40" rx="70" ry="14" fill="#7a4a2a"/>
<path d="M70 20 Q54 -10 76 -40 Q96 -68 80 -96 M110 20 Q94 -14 116 -44 Q134 -70 120 -100" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="7" stroke-linecap="round"/>
<rect x="40" y="90" width="100" height="48" rx="8" fill="#7b4fd6"/><text x="90" y="122" font-family="sans-serif" font-size="22" font-weight="800" fill="#ffffff" text-anchor="middle">1UP</text>
</g>
<g transform="translate(40 650) rotate(-6)">
<path d="M30 120 Q30 -20 170 -20 Q310 -20 310 120" fill="none" stroke="#23232a" stroke-width="22" stroke-linecap="round"/>
<rect x="0" y="96" width="64" height="96" rx="26" fill="#23232a"/><rect x="276" y="96" width="64" height="96" rx="26" fill="#23232a"/>
<rect x="14" y="110" width="36" height="68" rx="16" fill="#f08a24"/><rect x="290" y="110" width="36" height="68" rx="16" fill="#f08a24"/>
</g>
<g transform="translate(470 800) rotate(-14)"><path d="M0 0 H60 L72 12 V86 H0 Z" fill="#1f2230"/><rect x="8" y="8" width="50" height="16" rx="3" fill="#e23b3b"/></g>
<g transform="translate(560 812) rotate(10)"><path d="M0 0 H60 L72 12 V86 H0 Z" fill="#1f2230"/><rect x="8" y="8" width="50" height="16" rx="3" fill="#4f8fe0"/></g>
</svg>`;
}
