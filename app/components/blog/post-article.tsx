import { formatLongDate } from "~/lib/dates";
import { PostImage } from "./post-image";

export type PostArticleData = {
  title: string;
  excerpt: string;
  contentHtml: string;
  image: string | null;
  author: string;
  tags: string[];
  date: string;
};

/**
 * A post as the public reads it. The admin editor's Preview renders this same component, so what staff
 * see before publishing is what readers get. `contentHtml` must already be sanitised (the server does it
 * on save and on render; the editor only produces HTML its schema allows).
 */
export function PostArticle({ post }: { post: PostArticleData }) {
  return (
    <article>
      {post.image ? <PostImage src={post.image} priority className="rounded-2xl" /> : null}
      <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
        <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        <span aria-hidden="true">·</span>
        <span>By {post.author}</span>
      </div>
      {post.tags.length ? (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
          {post.tags.map((t) => (
            <li key={t} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
              {t}
            </li>
          ))}
        </ul>
      ) : null}
      <h1 className="mt-4 text-3xl font-extrabold leading-tight md:text-4xl">{post.title}</h1>
      {post.excerpt ? <p className="mt-4 text-lg text-gray-700">{post.excerpt}</p> : null}
      <div className="prose-shop mt-6 max-w-none" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
    </article>
  );
}
