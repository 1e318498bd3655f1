import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("products", "routes/shop/products.tsx"),
    route("products/:slug", "routes/shop/product.tsx", { id: "product-by-slug" }),
    route("product", "routes/shop/product.tsx", { id: "product-main" }),
    route("faq", "routes/shop/faq.tsx"),
    route("contact", "routes/shop/contact.tsx"),
    route("blog", "routes/shop/blog.tsx"),
    route("blog/:slug", "routes/shop/blog-post.tsx"),
    ...["privacy-policy", "refund-policy", "terms-of-service", "shipping-policy"].map((slug) =>
      route(slug, "routes/shop/policy.tsx", { id: `policy-${slug}` }),
    ),
    route("404", "routes/shop/not-found.tsx", { id: "not-found" }),
    route("*", "routes/shop/not-found.tsx", { id: "catch-all" }),
  ]),
  route("newsletter", "routes/shop/newsletter.ts"),
  route("admin-login", "routes/admin-login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/dashboard", "routes/admin/dashboard.tsx"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("blog/rss.xml", "routes/api/blog-rss.ts"),
  route("api/blog/events", "routes/api/blog-events.ts"),
  route("api/admin/ai", "routes/api/admin-ai.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
] satisfies RouteConfig;
