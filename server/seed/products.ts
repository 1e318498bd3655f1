import type { SeedProduct } from "./types";

/**
 * The three consoles of the shop, in display order. All copy is original to
 * Pocket Retro; the figures are the claims fixed in the spec (DESIGN.md §8).
 */
export const seedProducts: SeedProduct[] = [
  {
    slug: "r36s",
    type: "console",
    featuredPosition: 1,
    title: "R36S Retro Handheld",
    badge: "Limited Edition",
    priceCents: 4999,
    compareAtCents: 9900,
    artwork: { label: "R36S", layout: "vertical", sticks: "classic" },
    variants: [
      { name: "White", hex: "#f4f4f0", stock: 40 },
      { name: "Purple", hex: "#7b4fd6", stock: 25 },
      { name: "Orange", hex: "#f08a24", stock: 18 },
      { name: "Black", hex: "#23232a", stock: 30 },
    ],
    descriptionHtml: [
      "<p>The <strong>R36S Retro Handheld</strong> is a pocket-sized games library. Switch it on and you land in a tidy menu of more than <strong>20,000 preinstalled retro games</strong>, sorted by system, ready to play in seconds. No cartridges, no cables, no setup evening.</p>",
      "<h3>Built for long sessions</h3>",
      "<p>A bright <strong>3.5-inch IPS screen</strong> shows pixel art crisp and square, while the <strong>3500mAh battery</strong> gives you <em>8+ hours</em> of play and refills in about an hour. At around 300g it sits comfortably in two hands and slips into a jacket pocket.</p>",
      "<h3>What you get</h3>",
      "<ul><li>256GB of storage with room for your own save files</li><li>Twin analogue sticks, a full D-pad and shoulder buttons</li><li>Save and resume anywhere in any game</li><li>USB-C charging cable included</li></ul>",
      "<p>Pick White, Purple, Orange or Black, and bring the Saturday mornings of your childhood back to the sofa, the train or the back garden.</p>",
    ].join(""),
    highlights:
      "The R36S puts more than 20,000 retro games in your pocket on 256GB of storage, so the whole arcade, cartridge shelf and disc collection of your childhood travels with you. The 3.5-inch IPS screen is bright and sharp enough for pixel art and small text alike. A 3500mAh battery runs for 8+ hours and charges in about an hour over USB-C. It weighs around 300g, has two analogue sticks, a proper D-pad and four shoulder buttons, and saves your progress anywhere so a five-minute break is still worth picking it up for.",
    seoDescription:
      "R36S retro handheld: 256GB, 20,000+ preinstalled games, 3.5-inch IPS screen and 8+ hours of battery. Four colours, free shipping over $50.",
    content: {
      tabs: ["overview", "specifications", "reviews"],
      overview: [
        {
          heading: "Your whole childhood, one power button away",
          body: "The R36S boots straight into a menu of more than 20,000 retro games grouped by system. Scroll to a console, pick a title and you are playing before the kettle has boiled.",
        },
        {
          heading: "A screen that respects pixel art",
          body: "The 3.5-inch IPS panel has wide viewing angles and even colour, so sprites look the way their artists drew them. Brightness is adjustable for a dark bedroom or a sunny bench.",
        },
        {
          heading: "Power for the long haul",
          body: "The 3500mAh battery keeps going for 8+ hours of play and fills back up in about an hour. Save states mean you can stop mid-level and carry on exactly where you left off.",
        },
        {
          heading: "Light enough to forget it's in your bag",
          body: "At around 300g with rounded grips, it is comfortable for long sessions and small enough for a coat pocket. Choose from White, Purple, Orange or Black.",
        },
      ],
      specifications: [
        { label: "Display", value: "3.5-inch IPS, 640 x 480" },
        { label: "Storage", value: "256GB" },
        { label: "Preinstalled games", value: "20,000+" },
        { label: "Processor", value: "Rockchip RK3326 quad-core, 1.5GHz" },
        { label: "Memory", value: "1GB DDR3L" },
        { label: "Battery", value: "3500mAh lithium polymer" },
        { label: "Battery life", value: "8+ hours" },
        { label: "Charge time", value: "About 1 hour (USB-C)" },
        { label: "Weight", value: "About 300g" },
        { label: "Controls", value: "D-pad, dual analogue sticks, A/B/X/Y, L1/L2/R1/R2" },
        { label: "Audio", value: "Built-in speaker, 3.5mm headphone jack" },
        { label: "Colours", value: "White, Purple, Orange, Black" },
      ],
      sections: [
        {
          heading: "Back to the Classics",
          body: "Remember blowing into cartridges and arguing over whose turn it was? The R36S keeps the good part and drops the faff. Clicky buttons, a firm D-pad and a screen sized for the games of the 80s and 90s make it feel familiar from the first minute, while modern extras like save anywhere and a rechargeable battery make it easy to live with.",
        },
        {
          heading: "20,000+ Preinstalled Retro Games",
          body: "Platformers, racers, puzzle games, fighters, role-playing epics and arcade shooters are already on the card and sorted by system. Favourite the ones you love, keep a recently played list, and add your own backups to the 256GB of storage whenever you like.",
        },
        {
          heading: "Supported Consoles",
          body: "The R36S emulates the home, handheld and arcade systems that defined retro gaming, each with its own folder in the menu.",
          items: [
            "NES",
            "SNES",
            "Game Boy",
            "Game Boy Color",
            "Game Boy Advance",
            "Sega Mega Drive",
            "PlayStation",
            "PSP",
            "Nintendo 64",
            "Arcade (MAME)",
            "Neo Geo",
            "Atari 2600",
            "PC Engine",
          ],
        },
      ],
    },
  },
  {
    slug: "rg35xx-pro",
    type: "console",
    featuredPosition: 2,
    title: "35XXPro Handheld Console",
    badge: "New Release",
    priceCents: 7999,
    compareAtCents: 9999,
    artwork: { label: "35XXPRO", layout: "horizontal", sticks: "none" },
    variants: [
      { name: "White", hex: "#f2f2ee", stock: 22 },
      { name: "Black", hex: "#1f1f24", stock: 35 },
      { name: "Teal", hex: "#1f9e9a", stock: 12 },
    ],
    descriptionHtml: [
      "<p>The <strong>35XXPro</strong> takes the landscape layout of the classic portable consoles and fits it with a modern engine. The wide body puts the D-pad and face buttons where your thumbs expect them, and the <strong>3.5-inch IPS screen</strong> sits front and centre.</p>",
      "<h3>Light, quick, ready</h3>",
      "<p>Weighing just <strong>191g</strong>, it is one of the lightest consoles we stock. The <strong>3200mAh battery</strong> is good for a long afternoon of play, and the quad-core chip boots into its menu in seconds.</p>",
      "<ul><li>Horizontal layout with twin analogue sticks</li><li>Wi-Fi and Bluetooth for controllers and headphones</li><li>HDMI out for playing on the television</li><li>Dual microSD slots for games and saves</li></ul>",
      "<p>Available in <em>White</em>, <em>Black</em> and <em>Teal</em>.</p>",
    ].join(""),
    highlights:
      "The 35XXPro is a landscape handheld in the shape of the portable consoles many of us grew up with, rebuilt around a quick quad-core chip. It weighs only 191g, so it disappears into a bag, and its 3200mAh battery lasts through a long journey. The 3.5-inch IPS screen is sharp and bright, the twin analogue sticks handle 3D games, and HDMI out lets you put your saves on the big screen. Wi-Fi and Bluetooth connect a controller or wireless headphones, and two microSD slots keep games and saves tidy.",
    seoDescription:
      "35XXPro landscape retro handheld: 191g, 3200mAh battery, 3.5-inch IPS screen, dual sticks and HDMI out. White, Black or Teal.",
    content: {
      tabs: ["overview"],
      overview: [
        {
          heading: "The classic shape, rebuilt",
          body: "A wide, horizontal body with the D-pad on the left and four face buttons on the right: the layout your hands already know, now with twin analogue sticks for 3D games.",
        },
        {
          heading: "191g of pure portability",
          body: "The 35XXPro is light enough to hold one-handed on a crowded train and small enough for any pocket with a zip.",
        },
        {
          heading: "Battery for the whole commute",
          body: "Its 3200mAh cell lasts for hours of play and charges over USB-C, and save states let you stop the moment your stop comes up.",
        },
      ],
      sections: [
        {
          heading: "Play it your way",
          body: "Hold it in your hands, prop it on a table with a Bluetooth pad, or plug it into the television with HDMI out and play from the sofa with friends. The same saves follow you everywhere.",
        },
        {
          heading: "Made to be picked up again and again",
          body: "A matte finish that shrugs off fingerprints, shoulder buttons with a firm click and a bright IPS panel make the 35XXPro the console you reach for first. Choose White, Black or Teal.",
        },
      ],
    },
  },
  {
    slug: "r36pro",
    type: "console",
    featuredPosition: 3,
    title: "R36PRO Handheld Console",
    badge: "New Release",
    priceCents: 5999,
    compareAtCents: 8999,
    artwork: { label: "R36PRO", layout: "vertical", sticks: "hall" },
    variants: [
      { name: "Blue", hex: "#2f6fd8", stock: 20 },
      { name: "Orange", hex: "#f07d1a", stock: 15 },
      { name: "Purple", hex: "#8a4fd8", stock: 15 },
      { name: "Black", hex: "#202026", stock: 25 },
      { name: "White", hex: "#f5f5f2", stock: 10 },
    ],
    descriptionHtml: [
      "<p>The <strong>R36PRO</strong> is the next step up from the much-loved R36S. It keeps the compact vertical body and adds the upgrades players asked for: more games, more battery and sticks that will not drift.</p>",
      "<h3>The upgrades</h3>",
      "<ul><li><strong>30,000+ games</strong> preinstalled and sorted by system</li><li>A larger <strong>4000mAh battery</strong> for longer sessions</li><li><strong>Hall-effect joysticks</strong> that use magnets instead of worn-out contacts</li><li>A bright <strong>3.5-inch IPS</strong> screen</li></ul>",
      "<h3>Why hall-effect sticks matter</h3>",
      "<p>Ordinary analogue sticks rely on rubbing parts that wear with use. Hall-effect sticks read position through a magnetic field, so they stay accurate after months of racing games and twin-stick shooters. <em>Less drift, more play.</em></p>",
      "<p>Five colours: Blue, Orange, Purple, Black and White.</p>",
    ].join(""),
    highlights:
      "The R36PRO builds on the R36S with everything turned up. More than 30,000 games come preinstalled and sorted by system, from 8-bit platformers to 3D racers. A 4000mAh battery gives you longer sessions between charges, and hall-effect joysticks read position magnetically, so they stay precise instead of drifting over time. The 3.5-inch IPS screen is bright with wide viewing angles, the body is still small enough for a pocket, and it comes in five colours: Blue, Orange, Purple, Black and White.",
    seoDescription:
      "R36PRO retro handheld: 30,000+ games, 4000mAh battery, 3.5-inch IPS screen and drift-free hall-effect joysticks. Five colours.",
    content: {
      tabs: ["overview"],
      overview: [
        {
          heading: "The R36S, turned up",
          body: "Same pocketable vertical shape, with more games, a bigger battery and sturdier sticks. If you loved the R36S, this is the one to upgrade to.",
        },
        {
          heading: "30,000+ games from day one",
          body: "Home consoles, handhelds and arcade boards are all on board and grouped by system, with favourites and a recently played list to find your way around.",
        },
      ],
      comparison: {
        columns: ["R36PRO", "R36MAX", "R36S"],
        rows: [
          { label: "Screen", values: ["3.5-inch IPS", "4-inch IPS", "3.5-inch IPS"] },
          { label: "Battery", values: ["4000mAh", "4000mAh", "3500mAh"] },
          { label: "Storage", values: ["256GB", "128GB", "256GB"] },
          { label: "Preinstalled games", values: ["30,000+", "15,000+", "20,000+"] },
          { label: "Joysticks", values: ["Hall-effect", "Standard analogue", "Standard analogue"] },
          { label: "Chipset", values: ["RK3326 quad-core", "RK3326 quad-core", "RK3326 quad-core"] },
          { label: "Weight", values: ["About 290g", "About 320g", "About 300g"] },
          { label: "Price", values: ["$59.99", "Not sold here", "$49.99"] },
        ],
      },
      sections: [
        {
          heading: "Drift-free hall-effect joysticks",
          body: "Magnetic sensors replace the rubbing contacts of ordinary sticks, so aiming and steering stay accurate after hundreds of hours of play.",
        },
        {
          heading: "4000mAh for longer play",
          body: "The bigger battery keeps you going through a long-haul flight or a weekend away, and charges back up over USB-C.",
        },
        {
          heading: "30,000+ games, neatly organised",
          body: "Every system has its own folder, box art where available and a search that gets you to the right game fast. Add your own backups on microSD at any time.",
        },
        {
          heading: "A 3.5-inch IPS screen",
          body: "Bright, sharp and evenly lit, with colours that stay true when you tilt it to share a moment with whoever is sitting next to you.",
        },
      ],
    },
  },
];
