import { useEffect, useRef, useState } from "react";
import { Link, data, useFetcher, useNavigate } from "react-router";
import { requireAdmin } from "@server/auth/guards";
import { getPostForEdit } from "@server/blog/posts";
import { PostNotFoundError, PostSaveError, savePost } from "@server/blog/write";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { useErrorsClearWhenValid } from "~/components/admin/use-errors-clear-when-valid";
import { FieldErrorsContext, TextArea, TextField, fieldId } from "~/components/admin/fields";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { FeaturedImageField } from "~/components/blog/featured-image-field";
import { PostArticle } from "~/components/blog/post-article";
import { RichEditor } from "~/components/editor/rich-editor";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom } from "~/lib/nested-form";
import { adminMeta } from "~/lib/admin";
import { SAVED_EXCERPT_LENGTH, excerptFrom, parseTags, postSlug } from "~/lib/blog";
import { formatEditorDate } from "~/lib/dates";
import { postFormSchema, type PostFormInput } from "~/lib/post-form";
import type { Route } from "./+types/post-editor";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.id ? "Edit Post" : "Create New Post");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!params.id) return data({ post: null, missing: false });
  const post = UUID.test(params.id) ? await getPostForEdit(params.id) : null;
  return data({ post, missing: !post }, { status: post ? 200 : 404 });
}

type FieldErrors = Partial<Record<keyof PostFormInput, string>>;
type ActionResult = { ok: true; id: string; intent: string } | { ok: false; message: string; fieldErrors: FieldErrors };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = postFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues) as FieldErrors;
    return data<ActionResult>({ ok: false, message: Object.values(fieldErrors)[0] ?? "Failed to save post", fieldErrors }, { status: 400 });
  }
  if (params.id && !UUID.test(params.id)) return data<ActionResult>({ ok: false, message: "Failed to load post", fieldErrors: {} }, { status: 404 });
  try {
    const post = await savePost(params.id ?? null, parsed.data, admin);
    return data<ActionResult>({ ok: true, id: post.id, intent: parsed.data.intent });
  } catch (err) {
    if (err instanceof PostSaveError) {
      const status = err.fieldErrors.slug ? 409 : 400;
      return data<ActionResult>({ ok: false, message: err.message, fieldErrors: err.fieldErrors }, { status });
    }
    if (err instanceof PostNotFoundError) {
      return data<ActionResult>({ ok: false, message: "This post no longer exists.", fieldErrors: {} }, { status: 404 });
    }
    throw err;
  }
}

type Values = { title: string; contentHtml: string; visibility: "published" | "draft"; image: string; excerpt: string; slug: string; author: string; tags: string };

/** After a save the editor goes back to the list after this long (spec). */
const BACK_TO_LIST_MS = 1000;

export default function PostEditor({ loaderData }: Route.ComponentProps) {
  const { post, missing } = loaderData;
  const toast = useToast();
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
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
  const [saved, setSaved] = useState(initial);
  const [slugTouched, setSlugTouched] = useState(!!post?.slug);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState(false);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const saving = fetcher.state !== "idle";
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  /** The intent of the last save: publishing may ask more than a draft. */
  const lastIntent = useRef<"draft" | "publish" | "save">("draft");
  useErrorsClearWhenValid(form, errors, setErrors, (body) => {
    body.set("intent", lastIntent.current);
    const parsed = postFormSchema.safeParse(Object.fromEntries(body));
    return parsed.success ? {} : fieldErrorsFrom(parsed.error.issues);
  }, values);

  useEffect(() => {
    if (!missing) return;
    toast({ title: "Error", description: "Failed to load post", variant: "destructive" });
    navigate("/admin/posts", { replace: true });
  }, [missing, toast, navigate]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      setErrors({});
      setSaved(values);
      toast({ title: "Success", description: result.intent === "publish" ? "Post published successfully" : "Post saved successfully" });
      const timer = setTimeout(() => navigate("/admin/posts"), BACK_TO_LIST_MS);
      return () => clearTimeout(timer);
    }
    setErrors(result.fieldErrors);
    toast({ title: "Error", description: result.message || "Failed to save post", variant: "destructive" });
    focusFirst(result.fieldErrors);
    // Only a new answer from the server matters here, not every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  // Leaving with unsaved changes asks first (in the app and when closing the tab).

  function focusFirst(errs: FieldErrors) {
    const first = Object.keys(errs)[0];
    if (!first) return;
    setPreview(false);
    requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  function submit(intent: "draft" | "publish" | "save") {
    if (!form.current) return;
    const body = new FormData(form.current);
    body.set("intent", intent);
    lastIntent.current = intent;
    const parsed = postFormSchema.safeParse(Object.fromEntries(body));
    if (!parsed.success) {
      const errs = fieldErrorsFrom(parsed.error.issues) as FieldErrors;
      setErrors(errs);
      toast({ title: "Error", description: Object.values(errs)[0], variant: "destructive" });
      focusFirst(errs);
      return;
    }
    fetcher.submit(body, { method: "post" });
  }

  const button = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60";
  const previewPost = {
    title: values.title || "Untitled post",
    excerpt: values.excerpt || excerptFrom(values.contentHtml, SAVED_EXCERPT_LENGTH),
    contentHtml: values.contentHtml,
    image: values.image || null,
    author: values.author || "Admin",
    tags: parseTags(values.tags),
    date: post?.date ?? new Date().toISOString(),
  };

  if (missing) return null;
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/posts" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
        <span aria-hidden="true">←</span> Back to Posts
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-bold">{post ? "Edit Post" : "Create New Post"}</h2>
            <PublishStatusBadge status={post?.status ?? "draft"} />
          </div>
          {post ? (
            <p className="mt-1 text-sm text-gray-600">
              Created {formatEditorDate(post.createdAt)} · Last updated {formatEditorDate(post.updatedAt)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" aria-pressed={preview} onClick={() => setPreview((p) => !p)} className={`${button} border border-gray-300 bg-white hover:bg-gray-50`}>
            {preview ? "Edit" : "Preview"}
          </button>
          <button type="button" disabled={saving} onClick={() => submit("draft")} className={`${button} border border-gray-300 bg-white hover:bg-gray-50`}>
            Save Draft
          </button>
          <button type="button" disabled={saving} onClick={() => setConfirmPublish(true)} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
            Publish
          </button>
        </div>
      </div>

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
          <TextArea
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
            <button type="submit" name="intent" value="save" disabled={saving} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
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
      <UnsavedChangesGuard when={dirty && !saving} />
    </div>
  );
}
