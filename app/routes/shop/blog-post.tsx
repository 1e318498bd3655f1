import { Suspense, useEffect, useState } from "react";
import { Await, Link, data, isRouteErrorResponse, useRevalidator } from "react-router";
import { GeneralErrorBoundary, type ErrorInfo } from "~/components/error-boundary";
import { getPublishedPost, listRelatedPosts } from "@server/blog";
import type { PublicPostEvent } from "@server/blog";
import { log } from "@server/log";
import { PostArticle } from "~/components/blog/post-article";
import { PostCard, type PostCardData } from "~/components/blog/post-card";
import { POST_SLUG_PATTERN } from "@core/blog";
import { jsonLd, seo } from "~/lib/seo";
import { useEventSource } from "~/lib/use-event-source";
import type { Route } from "./+types/blog-post";
import { PROMO_PAGE } from "~/lib/promo";
import { buttonClass } from "~/components/ui/button";

export async function loader({ params }: Route.LoaderArgs) {
  if (!POST_SLUG_PATTERN.test(params.slug)) throw data({ message: "Invalid post URL" }, { status: 400 });
  let post;
  try {
    post = await getPublishedPost(params.slug);
  } catch (err) {
    log.error({ err, slug: params.slug }, "blog post failed to load");
    throw data({ message: "Error loading blog post" }, { status: 500 });
  }
  if (!post) throw data({ message: "Blog post not found" }, { status: 404 });
  // Above the fold is awaited; 'Reading Next' streams in after it.
  return { post, related: listRelatedPosts(post) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const root = matches.find((m) => m?.id === "root")?.data as { publicUrl: string; shopName: string } | undefined;
  if (!loaderData || error) return [{ title: `Blog | ${root?.shopName ?? "Pocket Retro"}` }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  const url = `${root?.publicUrl ?? ""}/blog/${post.slug}`;
  const image = post.image ? new URL(post.image, url).href : undefined;
  return [
    ...seo(matches, { title: post.title, description: post.excerpt, path: `/blog/${post.slug}`, image, type: "article" }),
    { property: "article:published_time", content: post.date },
    { property: "article:modified_time", content: post.updatedAt },
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      dateModified: post.updatedAt,
      author: { "@type": "Person", name: post.author },
      publisher: { "@type": "Organization", name: root?.shopName ?? "Pocket Retro" },
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      ...(image ? { image: [image] } : {}),
      ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
    }),
  ];
};

type LiveState = "live" | "unpublished" | "deleted";

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const [post, setPost] = useState(loaderData.post);
  const [state, setState] = useState<LiveState>("live");
  useEffect(() => {
    setPost(loaderData.post);
    setState("live");
  }, [loaderData.post]);
  const revalidator = useRevalidator();
  useEventSource<PublicPostEvent>(
    "/api/blog/events",
    "post",
    (e) => {
      const id = e.kind === "published" ? e.post.id : e.id;
      if (id === post.id) {
        // This post changed under the reader: show the edit in place, or say why it is gone.
        if (e.kind === "published") {
          setPost(e.post);
          setState("live");
        } else setState(e.kind);
      } else if (state === "live") {
        revalidator.revalidate(); // another post changed: 'Reading Next' may differ
      }
    },
    () => state === "live" && revalidator.revalidate(),
  );

  if (state !== "live") {
    return <BlogMessage message={state === "deleted" ? "This post has been deleted" : "This post is no longer available"} />;
  }
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <BackToBlog />
      <div className="mt-6">
        <PostArticle post={post} />
      </div>
      <Suspense fallback={null}>
        <Await resolve={loaderData.related} errorElement={null}>
          {(related) => <ReadingNext posts={related} />}
        </Await>
      </Suspense>
    </main>
  );
}

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
      <span aria-hidden="true">←</span> Back to Blog
    </Link>
  );
}

function ReadingNext({ posts }: { posts: (PostCardData & { id: string })[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="reading-next" className="mt-16 border-t border-gray-200 pt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reading-next" className="text-2xl font-bold">
          Reading Next
        </h2>
        <Link to="/blog" className="font-semibold text-brand-700 hover:text-brand-800">
          View All Posts
        </Link>
      </div>
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {posts.map((p) => (
          <li key={p.id}>
            <PostCard post={p} cta="Read Article" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The post page's messages ('Blog post not found', 'This post has been deleted'…) with a way back. */
function BlogMessage({ message }: { message: string }) {
  return (
    <main id="main" className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <Link to="/blog" className={buttonClass("primary", "medium", "mt-6")}>
        Return to Blog
      </Link>
    </main>
  );
}

/** A thrown response carries the page's own words ('Blog post not found'); a crash gets a generic one. */
const saidOrGeneric = ({ error }: ErrorInfo) => {
  const said = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : undefined;
  return <BlogMessage message={typeof said === "string" ? said : "Error loading blog post"} />;
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultStatusHandler={saidOrGeneric} unexpectedErrorHandler={saidOrGeneric} />;
}

/** A browsing page: the promo popup may show here. */
export const handle = PROMO_PAGE;
