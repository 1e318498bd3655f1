import { useState } from "react";
import { data } from "react-router";
import { requireAdmin } from "@server/auth";
import { getPostForEdit } from "@server/blog";
import { savePost } from "@server/blog";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { EditorShell, MissingRecord } from "~/components/admin/editor-shell";
import { useEditorForm } from "~/components/admin/use-editor-form";
import { FieldErrorsContext, TextAreaField, TextField, fieldId } from "~/components/ui/field";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { FeaturedImageField } from "~/components/blog/featured-image-field";
import { PostArticle } from "~/components/blog/post-article";
import { RichEditor } from "~/components/editor/rich-editor";
import { fieldErrors } from "@core/form";
import { adminMeta } from "~/lib/admin";
import { SAVED_EXCERPT_LENGTH, excerptFrom, parseTags, postSlug } from "@core/blog";
import { formatEditorDate } from "~/lib/dates";
import { postFormSchema, type PostFormInput } from "@core/post-form";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/post-editor";
import { readForm } from "@server/http/form";
import { domainErrorResponse } from "@server/http/responses";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.id ? "Edit Post" : "Create New Post");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "content");
  if (!params.id) return data({ post: null, missing: false });
  const post = UUID.test(params.id) ? await getPostForEdit(params.id) : null;
  return data({ post, missing: !post }, { status: post ? 200 : 404 });
}

type FieldErrors = Partial<Record<keyof PostFormInput, string>>;
type ActionResult = { ok: true; id: string; intent: "draft" | "publish" | "save" } | { ok: false; message: string; fieldErrors: FieldErrors };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "content");
  const parsed = postFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error) as FieldErrors;
    return data<ActionResult>({ ok: false, message: Object.values(errors)[0] ?? "Failed to save post", fieldErrors: errors }, { status: 400 });
  }
  if (params.id && !UUID.test(params.id)) return data<ActionResult>({ ok: false, message: "Failed to load post", fieldErrors: {} }, { status: 404 });
  try {
    const post = await savePost(params.id ?? null, parsed.data, admin);
    return data<ActionResult>({ ok: true, id: post.id, intent: parsed.data.intent });
  } catch (err) {
    return domainErrorResponse(err, (e): ActionResult => ({ ok: false, message: e.publicMessage, fieldErrors: e.fieldErrors }));
  }
}

type Values = { title: string; contentHtml: string; visibility: "published" | "draft"; image: string; excerpt: string; slug: string; author: string; tags: string };

/** After a save the editor goes back to the list after this long (spec). */
const BACK_TO_LIST_MS = 1000;

const LIST = { to: "/admin/posts", label: "Back to Posts" };

export default function PostEditor({ loaderData }: Route.ComponentProps) {
  if (loaderData.missing) return <MissingRecord thing="post" list={LIST} />;
  return <PostForm post={loaderData.post} />;
}

function PostForm({ post }: { post: Route.ComponentProps["loaderData"]["post"] }) {
  const initial: Values = {
    title: post?.title ?? "",
    contentHtml: post?.contentHtml ?? "",
    visibility: post?.status ?? "draft",
    image: post?.image ?? "",
    excerpt: post?.excerpt ?? "",
    slug: post?.slug ?? "",
    author: post?.author ?? "Admin",
    tags: post?.tags.join(", ") ?? "",
  };
  const [values, setValues] = useState(initial);
  const [slugTouched, setSlugTouched] = useState(!!post?.slug);
  const [preview, setPreview] = useState(false);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const { fetcher, form, errors, saving, submit, guard } = useEditorForm<"draft" | "publish" | "save", Values>({
    values,
    problems: (body) => {
      const parsed = postFormSchema.safeParse(Object.fromEntries(body));
      return parsed.success ? {} : fieldErrors(parsed.error);
    },
    list: LIST.to,
    successMessage: (intent) => (intent === "publish" ? "Post published successfully" : "Post saved successfully"),
    leaveAfterMs: BACK_TO_LIST_MS,
    fallbackMessage: "Failed to save post",
    beforeFocus: () => setPreview(false),
  });

  const previewPost = {
    title: values.title || "Untitled post",
    excerpt: values.excerpt || excerptFrom(values.contentHtml, SAVED_EXCERPT_LENGTH),
    contentHtml: values.contentHtml,
    image: values.image || null,
    author: values.author || "Admin",
    tags: parseTags(values.tags),
    date: post?.date ?? new Date().toISOString(),
  };

  return (
    <EditorShell
      back={LIST}
      title={post ? "Edit Post" : "Create New Post"}
      badge={<PublishStatusBadge status={post?.status ?? "draft"} />}
      subtitle={post ? <p>Created {formatEditorDate(post.createdAt)} · Last updated {formatEditorDate(post.updatedAt)}</p> : null}
      width="max-w-4xl"
      headerActions={
        <>
          <button type="button" aria-pressed={preview} onClick={() => setPreview((p) => !p)} className={buttonClass("secondary", "small")}>
            {preview ? "Edit" : "Preview"}
          </button>
          <button type="button" disabled={saving} onClick={() => submit("draft")} className={buttonClass("secondary", "small")}>
            Save Draft
          </button>
          <button type="button" disabled={saving} onClick={() => setConfirmPublish(true)} className={buttonClass("primary", "small")}>
            Publish
          </button>
        </>
      }
    >
      {preview ? (
        <section aria-label="Preview" className="mt-6 rounded-xl border border-gray-200 bg-white p-4 md:p-8">
          <div className="mx-auto max-w-3xl">
            <PostArticle post={previewPost} />
          </div>
        </section>
      ) : null}

      <FieldErrorsContext.Provider value={errors}>
        <fetcher.Form
          ref={form}
          method="post"
          hidden={preview}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit("save");
          }}
          className="mt-6 grid gap-5 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
        >
          <TextField
            path="title"
            label="Title"
            name="title"
            required
            maxLength={200}
            value={values.title}
            onChange={(e) => {
              const title = e.target.value;
              // The slug follows the title while the admin has not written one.
              setValues((v) => ({ ...v, title, slug: slugTouched ? v.slug : postSlug(title) }));
            }}
          />
          <div>
            <RichEditor name="contentHtml" label="Content" defaultValue={initial.contentHtml} onChange={(html) => set("contentHtml", html)} />
            {errors.contentHtml ? (
              <p id={`${fieldId("contentHtml")}-error`} className="mt-1 text-sm font-medium text-red-700">
                {errors.contentHtml}
              </p>
            ) : null}
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-gray-800">Visibility</legend>
            <div className="flex gap-6">
              {(
                [
                  ["published", "Visible"],
                  ["draft", "Hidden"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="inline-flex items-center gap-2 text-sm">
                  <input type="radio" name="visibility" value={value} checked={values.visibility === value} onChange={() => set("visibility", value)} className="h-4 w-4 accent-brand-700" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <FeaturedImageField value={values.image} onChange={(url) => set("image", url)} />
          <TextAreaField
            path="excerpt"
            label="Excerpt"
            name="excerpt"
            rows={3}
            maxLength={500}
            hint="Leave empty to use the first 150 characters of the content."
            value={values.excerpt}
            onChange={(e) => set("excerpt", e.target.value)}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              path="slug"
              label="URL Slug"
              name="slug"
              maxLength={100}
              hint="Made from the title when left empty."
              value={values.slug}
              onChange={(e) => {
                setSlugTouched(e.target.value !== "");
                set("slug", e.target.value);
              }}
            />
            <TextField path="author" label="Author" name="author" maxLength={100} value={values.author} onChange={(e) => set("author", e.target.value)} />
          </div>
          <TextField path="tags" label="Tags" name="tags" hint="Separate tags with commas." value={values.tags} onChange={(e) => set("tags", e.target.value)} />
          <div className="flex justify-end">
            <button type="submit" name="intent" value="save" disabled={saving} className={buttonClass("primary", "small")}>
              {saving ? "Saving..." : "Save Changes"}
            </button>
          </div>
        </fetcher.Form>
      </FieldErrorsContext.Provider>

      <ConfirmDialog
        open={confirmPublish}
        onOpenChange={setConfirmPublish}
        title="Are you ready to publish?"
        description="The post will be visible to everyone on the blog."
        confirmLabel="Yes, Publish"
        onConfirm={() => submit("publish")}
      />
      <UnsavedChangesGuard when={guard} />
    </EditorShell>
  );
}
