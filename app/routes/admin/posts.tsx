import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Form, Link, data, useFetcher, useRevalidator } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import type { AdminPostEvent } from "@server/blog";
import { listAdminPosts, listPostTags } from "@server/blog";
import { deletePost } from "@server/blog";
import { AdminErrorBoundary } from "~/components/admin/error-panel";
import { PostImage } from "~/components/blog/post-image";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Icon } from "~/components/admin/icons";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { useToast } from "~/components/ui/toast";
import { adminMeta } from "~/lib/admin";
import { ADMIN_CARD_TAGS } from "@core/blog";
import { formatLongDate } from "~/lib/dates";
import { useEventSource } from "~/lib/use-event-source";
import { useFilterForm } from "~/lib/use-filter-form";
import type { Route } from "./+types/posts";
import { readForm } from "@server/http/form";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => adminMeta("Blog Posts");

const filterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(["published", "draft"]).optional().catch(undefined),
  tag: z.string().trim().max(100).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "content");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filter = filterSchema.parse({ q: params.q || undefined, status: params.status || undefined, tag: params.tag || undefined });
  const [posts, tags] = await Promise.all([listAdminPosts(filter), listPostTags()]);
  return data({ posts, tags, filter });
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.string().uuid("Unknown post") });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "content");
  const parsed = deleteSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await deletePost(parsed.data.id, admin);
  } catch (err) {
    return domainErrorResponse(err);
  }
  return data({ ok: true as const, id: parsed.data.id });
}

const LIVE_TOASTS: Record<AdminPostEvent["action"], string> = { created: "New post added", updated: "Post updated", deleted: "Post deleted" };

const control = "rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, tags, filter } = loaderData;
  const toast = useToast();
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const [toDelete, setToDelete] = useState<{ id: string; title: string } | null>(null);
  /** Posts this tab just deleted: their live 'Post deleted' would repeat our own toast. */
  const ownDeletes = useRef(new Set<string>());

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast({ title: "Success", description: "Post deleted successfully" });
    else toast({ title: "Error", description: `Failed to delete post: ${fetcher.data.message}`, variant: "destructive" });
  }, [fetcher.state, fetcher.data, toast]);

  useEventSource<AdminPostEvent>(
    "/api/admin/posts/events",
    "post",
    (e) => {
      revalidator.revalidate();
      if (e.action === "deleted" && ownDeletes.current.delete(e.id)) return;
      toast({ title: LIVE_TOASTS[e.action] });
    },
    revalidator.revalidate,
  );

  const { form: filterForm, applyAfter: applyFilters } = useFilterForm();
  const filtered = !!(filter.q || filter.status || filter.tag);

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">All posts</h2>
        <Link to="/admin/posts/editor/new" className={buttonClass("primary", "small")}>
          <Icon name="plus" className="h-4 w-4" /> New Post
        </Link>
      </div>

      <Form ref={filterForm} method="get" role="search" aria-label="Filter posts" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor="post-search" className="mb-1 block text-sm font-medium">
            Search
          </label>
          <input id="post-search" type="search" name="q" defaultValue={filter.q ?? ""} placeholder="Title, excerpt or author" onChange={() => applyFilters(300)} className={`${control} w-full`} />
        </div>
        <div>
          <label htmlFor="post-status" className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select id="post-status" name="status" defaultValue={filter.status ?? ""} onChange={() => applyFilters(0)} className={control}>
            <option value="">All</option>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </select>
        </div>
        <div>
          <label htmlFor="post-tag" className="mb-1 block text-sm font-medium">
            Tags
          </label>
          <select id="post-tag" name="tag" defaultValue={filter.tag ?? ""} onChange={() => applyFilters(0)} className={control}>
            <option value="">All tags</option>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold">
            Filter
          </button>
        </noscript>
      </Form>

      {posts.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">No posts found</p>
          {filtered ? <p className="mt-1 text-sm text-gray-600">Try another search or filter.</p> : null}
          <Link to="/admin/posts/editor/new" className={buttonClass("primary", "small", "mt-4")}>
            Create New Post
          </Link>
        </div>
      ) : (
        <ul aria-label="Posts" className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {posts.map((p) => (
            <li key={p.id}>
              <article aria-labelledby={`post-${p.id}`} className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
                <div className="relative">
                  <PostImage src={p.image} />
                  <div className="absolute left-3 top-3">
                    <PublishStatusBadge status={p.status} />
                  </div>
                </div>
                <div className="flex flex-1 flex-col p-4">
                  <h3 id={`post-${p.id}`} className="font-semibold leading-snug">
                    {p.title}
                  </h3>
                  <p className="mt-1 line-clamp-3 flex-1 text-sm text-gray-700">{p.excerpt}</p>
                  <p className="mt-3 text-xs text-gray-600">
                    <time dateTime={p.date}>{formatLongDate(p.date)}</time> · {p.author}
                  </p>
                  {p.tags.length ? (
                    <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
                      {p.tags.slice(0, ADMIN_CARD_TAGS).map((t) => (
                        <li key={t} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                          {t}
                        </li>
                      ))}
                      {p.tags.length > ADMIN_CARD_TAGS ? (
                        <li className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                          <span aria-hidden="true">+{p.tags.length - ADMIN_CARD_TAGS}</span>
                          <span className="sr-only">and {p.tags.length - ADMIN_CARD_TAGS} more</span>
                        </li>
                      ) : null}
                    </ul>
                  ) : null}
                  <div className="mt-4 flex items-center justify-between gap-2 border-t border-gray-100 pt-3">
                    <Link to={`/admin/posts/editor/${p.id}`} className="inline-flex items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-50">
                      <Icon name="edit" className="h-4 w-4" /> Edit<span className="sr-only"> {p.title}</span>
                    </Link>
                    <DropdownMenu.Root>
                      <DropdownMenu.Trigger aria-label={`More actions for ${p.title}`} className="rounded-lg p-2 text-gray-700 hover:bg-gray-100">
                        <Icon name="dots" />
                      </DropdownMenu.Trigger>
                      <DropdownMenu.Portal>
                        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
                          {p.status === "published" ? (
                            <DropdownMenu.Item asChild>
                              <a href={`/blog/${p.slug}`} target="_blank" rel="noopener noreferrer" className="block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-gray-100">
                                View post<span className="sr-only"> (opens in a new tab)</span>
                              </a>
                            </DropdownMenu.Item>
                          ) : null}
                          <DropdownMenu.Item
                            onSelect={() => setToDelete({ id: p.id, title: p.title })}
                            className="cursor-pointer rounded px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
                          >
                            Delete
                          </DropdownMenu.Item>
                        </DropdownMenu.Content>
                      </DropdownMenu.Portal>
                    </DropdownMenu.Root>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `Delete "${toDelete.title}"?` : "Delete post?"}
        description="Are you sure you want to delete this post? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (!toDelete) return;
          ownDeletes.current.add(toDelete.id);
          fetcher.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
          setToDelete(null);
        }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary title="Could not load blog posts" message="Failed to load posts: An unexpected error occurred" />;
}
