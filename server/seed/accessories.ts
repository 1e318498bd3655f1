import { DEFAULT_VARIANT } from "@core/variant";
import type { SeedProduct } from "./types";

/**
 * The accessories of the shop, in display order. Colours only where a shopper would choose one (the
 * case and the charger); the others have one default variant. All copy is original to Pocket Retro.
 */
export const seedAccessories: SeedProduct[] = [
  {
    slug: "carrying-case",
    title: "Hard Shell Carrying Case",
    type: "accessory",
    badge: null,
    priceCents: 1499,
    compareAtCents: null,
    artwork: "case",
    variants: [
      { name: "Black", hex: "#2a2b33", stock: 45 },
      { name: "Teal", hex: "#1f9e9a", stock: 30 },
    ],
    descriptionHtml: [
      "<p>A <strong>hard shell case</strong> shaped for 3.5-inch handhelds: the R36S, the R36PRO and the 35XXPro all fit, with room for the charging cable.</p>",
      "<ul><li>Moulded EVA shell that shrugs off knocks in a bag</li><li>Soft lining that keeps the screen free of scratches</li><li>Mesh pocket for a cable and two microSD cards</li><li>Wrist strap and a smooth two-way zip</li></ul>",
    ].join(""),
    highlights:
      "A moulded hard shell case that fits every 3.5-inch handheld we sell, with a soft lining for the screen, a mesh pocket for the cable and memory cards, and a wrist strap. Black or Teal.",
    seoDescription: "Hard shell carrying case for the R36S, R36PRO and 35XXPro: moulded EVA shell, soft lining, mesh pocket. Black or Teal.",
    content: {
      tabs: ["overview", "specifications"],
      overview: [
        { heading: "Made for our handhelds", body: "Sized for the R36S, the R36PRO and the 35XXPro, so the console sits snugly and does not rattle around." },
        { heading: "Room for the little things", body: "A mesh pocket in the lid holds the USB-C cable and a couple of microSD cards." },
      ],
      specifications: [
        { label: "Fits", value: "R36S, R36PRO, 35XXPro" },
        { label: "Outside", value: "21 x 11 x 5 cm" },
        { label: "Material", value: "EVA shell, microfibre lining" },
        { label: "Colours", value: "Black, Teal" },
      ],
    },
  },
  {
    slug: "screen-protector",
    title: "Tempered Glass Screen Protector (2-pack)",
    type: "accessory",
    badge: null,
    priceCents: 799,
    compareAtCents: null,
    artwork: "screen-protector",
    variants: [{ ...DEFAULT_VARIANT, stock: 80 }],
    descriptionHtml: [
      "<p>Two sheets of <strong>9H tempered glass</strong> cut for 3.5-inch screens. Pixel art stays sharp, and keys in the same pocket no longer leave their mark.</p>",
      "<ul><li>0.3 mm thin, keeps touch-free screens as clear as new</li><li>Bubble-free adhesive with an alignment guide</li><li>Cleaning wipe and dust sticker included</li></ul>",
    ].join(""),
    highlights:
      "Two 9H tempered glass screen protectors for 3.5-inch handhelds, 0.3 mm thin with bubble-free adhesive, an alignment guide, a cleaning wipe and a dust sticker.",
    seoDescription: "Two 9H tempered glass screen protectors for 3.5-inch retro handhelds such as the R36S and R36PRO. Bubble-free, 0.3 mm thin.",
    content: {
      tabs: ["overview", "specifications"],
      overview: [{ heading: "Two in the box", body: "Fit one today and keep the spare for the day a console gets passed round the family." }],
      specifications: [
        { label: "Fits", value: "3.5-inch screens: R36S, R36PRO, 35XXPro" },
        { label: "Hardness", value: "9H" },
        { label: "Thickness", value: "0.3 mm" },
        { label: "In the box", value: "2 protectors, wipe, dust sticker, alignment guide" },
      ],
    },
  },
  {
    slug: "microsd-128gb",
    title: "128GB microSD Card",
    type: "accessory",
    badge: null,
    priceCents: 1999,
    compareAtCents: 2499,
    artwork: "microsd",
    variants: [{ ...DEFAULT_VARIANT, stock: 60 }],
    descriptionHtml: [
      "<p>A fast <strong>128GB microSD card</strong> for your own game backups, save files and screenshots. Use it as the second card of the 35XXPro or as a spare system card for the R36S and R36PRO.</p>",
      "<ul><li>UHS-I, A1, reads up to 100 MB/s</li><li>Formatted FAT32, ready to use</li><li>SD adapter included</li></ul>",
    ].join(""),
    highlights:
      "A 128GB UHS-I microSD card reading up to 100 MB/s for game backups, saves and screenshots, formatted FAT32 and ready for the R36S, R36PRO and 35XXPro, with an SD adapter.",
    seoDescription: "128GB UHS-I microSD card for retro handhelds: up to 100 MB/s, FAT32, SD adapter included.",
    content: {
      tabs: ["overview", "specifications"],
      overview: [{ heading: "Room to grow", body: "Keep your own backups and saves on a card of their own, and swap it between consoles." }],
      specifications: [
        { label: "Capacity", value: "128GB" },
        { label: "Speed", value: "UHS-I, U3, A1, up to 100 MB/s read" },
        { label: "Format", value: "FAT32" },
        { label: "In the box", value: "microSD card, SD adapter" },
      ],
    },
  },
  {
    slug: "usb-c-charger",
    title: "20W USB-C Charger",
    type: "accessory",
    badge: null,
    priceCents: 1299,
    compareAtCents: null,
    artwork: "charger",
    variants: [
      { name: "White", hex: "#f4f4f0", stock: 50 },
      { name: "Black", hex: "#23232a", stock: 40 },
    ],
    descriptionHtml: [
      "<p>A compact <strong>20W USB-C wall charger</strong> with a 1 m braided cable. It fills an R36S in about an hour and still has power to spare for a phone.</p>",
      "<ul><li>Folding pins, 100-240 V</li><li>Protection against overheating and over-current</li><li>1 m braided USB-C to USB-C cable</li></ul>",
    ].join(""),
    highlights: "A compact 20W USB-C wall charger with a 1 m braided cable: charges an R36S in about an hour, protected against overheating. White or Black.",
    seoDescription: "20W USB-C wall charger with a 1 m braided cable for the R36S, R36PRO and 35XXPro. White or Black.",
    content: {
      tabs: ["overview", "specifications"],
      overview: [{ heading: "One plug for everything", body: "The same charger tops up your handheld, your phone and your earbuds." }],
      specifications: [
        { label: "Output", value: "20W USB-C Power Delivery" },
        { label: "Cable", value: "1 m braided USB-C to USB-C" },
        { label: "Input", value: "100-240 V, folding pins" },
        { label: "Colours", value: "White, Black" },
      ],
    },
  },
];
