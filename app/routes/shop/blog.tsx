import { useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listPublishedPosts } from "@server/blog";
import type { PublicPostEvent } from "@server/blog";
import { PostCard } from "~/components/blog/post-card";
import { applyLivePostEvent } from "@core/blog";
import { seo } from "~/lib/seo";
import { useEventSource } from "~/lib/use-event-source";
import type { Route } from "./+types/blog";
import { PROMO_PAGE } from "~/lib/promo";
import { buttonClass } from "~/components/ui/button";

export async function loader() {
  return { posts: await listPublishedPosts() };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Blog",
    description: "News, guides and reviews about retro handheld consoles and the games you can play on them.",
    path: "/blog",
  }),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Blog RSS feed", href: "/blog/rss.xml" },
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const [posts, setPosts] = useState(loaderData.posts);
  useEffect(() => setPosts(loaderData.posts), [loaderData.posts]);
  const revalidator = useRevalidator();
  // Posts appear, change and leave as staff publish, edit and unpublish them: no reload needed.
  useEventSource<PublicPostEvent>("/api/blog/events", "post", (e) => setPosts((list) => applyLivePostEvent(list, e)), revalidator.revalidate);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Blog</h1>
      <p className="mt-2 text-gray-600">News, guides and reviews from our team.</p>
      {loading ? (
        <div role="status" className="mt-10 flex items-center gap-3 text-gray-600">
          <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" />
          Loading blog posts...
        </div>
      ) : posts.length === 0 ? (
        <p className="mt-10 rounded-2xl bg-gray-50 p-8 text-center text-gray-700">No blog posts available yet. Check back soon!</p>
      ) : (
        <ul aria-label="Blog posts" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p, i) => (
            <li key={p.id}>
              <PostCard post={p} cta="Read More" priority={i < 3} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function BlogLoadFailed() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Failed to load blog posts</h1>
      <p className="mt-2 text-gray-600">An unexpected error occurred.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={buttonClass("primary", "medium", "mt-6")}
      >
        Try Again
      </button>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultStatusHandler={BlogLoadFailed} unexpectedErrorHandler={BlogLoadFailed} />;
}

/** A browsing page: the promo popup may show here. */
export const handle = PROMO_PAGE;
