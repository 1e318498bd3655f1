/**
 * Original seed artwork: a handheld console drawn in a variant's colour. There is no network for
 * stock photos, so the seed renders these SVGs to WebP through the normal upload path.
 */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (s: number) => Math.max(0, Math.min(255, ((n >> s) & 255) + amount));
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, "0")}`;
}

function isLight(hex: string): boolean {
  const n = parseInt(hex.slice(1), 16);
  return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114 > 160;
}

export function handheldSvg(hex: string, style: "vertical" | "horizontal", label: string): string {
  const edge = shade(hex, -40);
  const button = isLight(hex) ? "#3a3a44" : shade(hex, 60);
  const text = isLight(hex) ? "#55555f" : "#e8e8ee";
  const bg = `<rect width="960" height="960" fill="#f3f4f8"/><circle cx="480" cy="480" r="400" fill="#e6e9f2"/>`;
  if (style === "horizontal") {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="960" viewBox="0 0 960 960">${bg}
<rect x="90" y="290" width="780" height="400" rx="90" fill="${edge}"/>
<rect x="100" y="280" width="760" height="390" rx="85" fill="${hex}"/>
<rect x="290" y="320" width="380" height="290" rx="18" fill="#1b1d24"/>
<rect x="310" y="340" width="340" height="250" rx="6" fill="#2d6f8e"/>
<path d="M310 540 L420 430 L500 500 L560 450 L650 540 L650 590 L310 590Z" fill="#3fa06a"/>
<circle cx="590" cy="390" r="26" fill="#f6d55c"/>
<rect x="150" y="440" width="90" height="30" rx="6" fill="${button}"/><rect x="180" y="410" width="30" height="90" rx="6" fill="${button}"/>
<circle cx="770" cy="420" r="20" fill="${button}"/><circle cx="810" cy="460" r="20" fill="${button}"/><circle cx="730" cy="460" r="20" fill="${button}"/><circle cx="770" cy="500" r="20" fill="${button}"/>
<text x="480" y="650" font-family="sans-serif" font-size="26" font-weight="700" fill="${text}" text-anchor="middle">${label}</text></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="960" viewBox="0 0 960 960">${bg}
<rect x="270" y="90" width="430" height="790" rx="60" fill="${edge}"/>
<rect x="260" y="80" width="430" height="790" rx="60" fill="${hex}"/>
<rect x="300" y="130" width="350" height="300" rx="18" fill="#1b1d24"/>
<rect x="320" y="150" width="310" height="260" rx="6" fill="#2d6f8e"/>
<path d="M320 360 L420 260 L490 320 L540 280 L630 360 L630 410 L320 410Z" fill="#3fa06a"/>
<circle cx="570" cy="210" r="24" fill="#f6d55c"/>
<rect x="320" y="540" width="100" height="34" rx="7" fill="${button}"/><rect x="353" y="507" width="34" height="100" rx="7" fill="${button}"/>
<circle cx="590" cy="520" r="22" fill="${button}"/><circle cx="630" cy="560" r="22" fill="${button}"/><circle cx="550" cy="560" r="22" fill="${button}"/><circle cx="590" cy="600" r="22" fill="${button}"/>
<circle cx="380" cy="700" r="38" fill="${shade(button, -10)}"/><circle cx="570" cy="700" r="38" fill="${shade(button, -10)}"/>
<text x="475" y="820" font-family="sans-serif" font-size="30" font-weight="700" fill="${text}" text-anchor="middle">${label}</text></svg>`;
}
