import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { PostImage } from "./post-image";

export type PostCardData = { slug: string; title: string; excerpt: string; image: string | null; date: string };

/** A published post on the blog list and in 'Reading Next'; the whole card opens the post. */
export function PostCard({
  post,
  cta,
  priority = false,
  headingLevel = 2,
}: {
  post: PostCardData;
  cta: "Read More" | "Read Article";
  priority?: boolean;
  /** 3 where the cards sit under a group's own h2 (search results). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      <PostImage src={post.image} priority={priority} />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-gray-600">
          <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        </p>
        <Heading className="mt-2 text-lg font-semibold leading-snug">{post.title}</Heading>
        <p className="mt-2 flex-1 text-sm text-gray-700">{post.excerpt}</p>
        <Link
          to={`/blog/${post.slug}`}
          prefetch="intent"
          className="mt-4 self-start font-semibold text-brand-700 after:absolute after:inset-0 hover:text-brand-800"
        >
          {cta}
          <span className="sr-only">: {post.title}</span>
          <span aria-hidden="true"> →</span>
        </Link>
      </div>
    </article>
  );
}
