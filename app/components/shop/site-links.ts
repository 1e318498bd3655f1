/** The footer's link lists; the mobile menu repeats them, so a phone reaches every page without scrolling to the footer. */
export const QUICK_LINKS = [
  { to: "/product", label: "Shop the R36S" },
  { to: "/products", label: "All Products" },
  { to: "/collections/consoles", label: "Consoles" },
  { to: "/collections/accessories", label: "Accessories" },
  { to: "/blog", label: "Blog" },
  { to: "/faq", label: "FAQ" },
  { to: "/orders/lookup", label: "Look up an order" },
  { to: "/contact", label: "Contact" },
];

export const POLICY_LINKS = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/refund-policy", label: "Refund Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/shipping-policy", label: "Shipping Policy" },
];

/** The footer's id: the shop layout's first frame waits for it (routes/shop/layout.tsx `links`). */
export const SITE_FOOTER_ID = "site-footer";
