import { isLight, shade } from "./console-art";

export type AccessoryArtwork = "case" | "screen-protector" | "microsd" | "charger";

/**
 * Original seed artwork for the accessories, on the same backdrop as the consoles: a zipped carrying
 * case, a tempered-glass screen protector, a 128GB microSD card and a USB-C wall charger. `hex` is
 * the colour of a product that comes in colours; the others use their own fixed palette.
 */
export function accessorySvg(kind: AccessoryArtwork, hex: string, label: string, width = 960): string {
  const bg = `<rect width="960" height="960" fill="#f3f4f8"/><circle cx="480" cy="480" r="400" fill="#e6e9f2"/>`;
  const text = isLight(hex) ? "#3a3a44" : "#e8e8ee";
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 960 960">${bg}`;
  switch (kind) {
    case "case":
      return `${open}
<rect x="170" y="250" width="640" height="460" rx="150" fill="${shade(hex, -35)}"/>
<rect x="160" y="236" width="640" height="460" rx="150" fill="${hex}"/>
<path d="M240 300 H720 Q760 300 760 340" fill="none" stroke="${shade(hex, 70)}" stroke-width="8" stroke-dasharray="18 12"/>
<rect x="236" y="452" width="488" height="14" rx="7" fill="${shade(hex, -60)}"/>
<rect x="690" y="430" width="46" height="58" rx="12" fill="#c9ccd6"/><rect x="703" y="488" width="20" height="70" rx="10" fill="#c9ccd6"/>
<rect x="60" y="420" width="110" height="36" rx="18" fill="${shade(hex, -50)}"/>
<text x="480" y="620" font-family="sans-serif" font-size="34" font-weight="700" fill="${text}" text-anchor="middle">${label}</text></svg>`;
    case "screen-protector":
      return `${open}
<rect x="250" y="170" width="430" height="560" rx="40" fill="#cfd6e4"/>
<rect x="300" y="230" width="400" height="560" rx="36" fill="#dfe7f5" fill-opacity="0.9" stroke="#9fb1cc" stroke-width="6"/>
<path d="M340 280 L460 280 L340 420Z" fill="#ffffff" fill-opacity="0.8"/>
<path d="M600 640 L660 580 L660 700Z" fill="#ffffff" fill-opacity="0.6"/>
<rect x="360" y="300" width="280" height="220" rx="8" fill="#2d6f8e" fill-opacity="0.25"/>
<text x="500" y="660" font-family="sans-serif" font-size="40" font-weight="700" fill="#3a4a66" text-anchor="middle">9H</text>
<text x="500" y="710" font-family="sans-serif" font-size="26" font-weight="600" fill="#3a4a66" text-anchor="middle">${label}</text></svg>`;
    case "microsd":
      return `${open}
<path d="M330 200 H600 L640 240 V360 L620 380 V420 L640 440 V760 Q640 780 620 780 H330 Q310 780 310 760 V220 Q310 200 330 200Z" fill="#1f2230"/>
<rect x="340" y="230" width="270" height="60" rx="8" fill="#e23b3b"/>
<text x="475" y="272" font-family="sans-serif" font-size="34" font-weight="800" fill="#ffffff" text-anchor="middle">128GB</text>
<text x="475" y="520" font-family="sans-serif" font-size="64" font-weight="800" fill="#f3f4f8" text-anchor="middle">micro</text>
<text x="475" y="590" font-family="sans-serif" font-size="64" font-weight="800" fill="#f3f4f8" text-anchor="middle">SD</text>
<g fill="#d4a82c">${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${348 + i * 34}" y="690" width="22" height="60" rx="4"/>`).join("")}</g>
<text x="475" y="650" font-family="sans-serif" font-size="24" font-weight="600" fill="#b7bccb" text-anchor="middle">${label}</text></svg>`;
    case "charger":
      return `${open}
<rect x="330" y="300" width="300" height="340" rx="60" fill="${shade(hex, -30)}"/>
<rect x="320" y="290" width="300" height="340" rx="60" fill="${hex}"/>
<rect x="400" y="200" width="24" height="100" rx="6" fill="#9ea3b0"/><rect x="516" y="200" width="24" height="100" rx="6" fill="#9ea3b0"/>
<rect x="430" y="520" width="80" height="30" rx="15" fill="#1b1d24"/>
<path d="M470 550 V640 Q470 760 600 760 H760" fill="none" stroke="${hex === "#ffffff" || isLight(hex) ? "#c3c6d0" : shade(hex, 40)}" stroke-width="22" stroke-linecap="round"/>
<rect x="740" y="742" width="70" height="36" rx="12" fill="#9ea3b0"/>
<text x="470" y="420" font-family="sans-serif" font-size="40" font-weight="800" fill="${text}" text-anchor="middle">20W</text>
<text x="470" y="470" font-family="sans-serif" font-size="26" font-weight="600" fill="${text}" text-anchor="middle">${label}</text></svg>`;
  }
}
