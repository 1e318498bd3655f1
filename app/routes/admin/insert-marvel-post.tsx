import { Form, Link, data, useNavigation } from "react-router";
import { requireAdmin } from "@server/auth";
import { insertSampleArticle } from "@server/seed";
import { log } from "@server/log";
import { adminMeta } from "~/lib/admin";
import type { Route } from "./+types/insert-marvel-post";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => adminMeta("Insert sample post");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "content");
  return data(null);
}

type Result = { outcome: "inserted" | "exists" | "failed" };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "content");
  try {
    return data<Result>({ outcome: await insertSampleArticle(admin) });
  } catch (err) {
    log.error({ err }, "sample post insert failed");
    return data<Result>({ outcome: "failed" }, { status: 500 });
  }
}

const SLUG = "marvel-rivals-may-15-update";

/** One-off tool: adds the sample Marvel Rivals article unless a post already has its slug. */
export default function InsertMarvelPost({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold">Insert the Marvel Rivals sample post</h2>
      <p className="mt-2 text-sm text-gray-700">
        Adds the sample article about the May 15 balance update, published and dated now, unless a post with the slug <code>{SLUG}</code> already exists.
      </p>
      <Form method="post" className="mt-5">
        <button type="submit" disabled={busy} className={buttonClass("primary", "small")}>
          {busy ? "Inserting..." : "Insert post"}
        </button>
      </Form>
      <div role="status" className="mt-5">
        {actionData?.outcome === "inserted" ? (
          <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
            Post inserted.{" "}
            <Link to={`/blog/${SLUG}`} className="font-semibold underline">
              View it on the blog
            </Link>
          </p>
        ) : actionData?.outcome === "exists" ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <strong>Post Already Exists</strong>: a post with this slug is already in the blog.
          </p>
        ) : actionData?.outcome === "failed" ? (
          <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">Failed to insert the Marvel Rivals blog post.</p>
        ) : null}
      </div>
    </div>
  );
}
