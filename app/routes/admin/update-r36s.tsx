import { useEffect } from "react";
import { Form, data, useNavigate, useNavigation } from "react-router";
import { requireAdmin } from "@server/auth";
import { resetMainProductMedia } from "@server/seed";
import { log } from "@server/log";
import { adminMeta } from "~/lib/admin";
import type { Route } from "./+types/update-r36s";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => adminMeta("Reset R36S images and colours");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "products");
  return data(null);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "products");
  try {
    await resetMainProductMedia(admin);
    return data({ ok: true });
  } catch (err) {
    log.error({ err }, "main product reset failed");
    return data({ ok: false }, { status: 500 });
  }
}

/** After the reset the admin lands on the product page, a second later (spec). */
const REDIRECT_MS = 1000;

/** One-off tool: puts the R36S's colours and images back to the seed set. */
export default function UpdateR36s({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const navigate = useNavigate();
  useEffect(() => {
    if (!actionData?.ok) return;
    const timer = setTimeout(() => navigate("/product"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold">Reset the R36S images and colours</h2>
      <p className="mt-2 text-sm text-gray-700">
        Puts the R36S back to its original colours (White, Purple, Orange, Black) and their images. Stock of existing colours is kept.
      </p>
      <Form method="post" className="mt-5">
        <button type="submit" disabled={busy} className={buttonClass("primary", "small")}>
          {busy ? "Updating..." : "Reset R36S"}
        </button>
      </Form>
      <div role="status" className="mt-5">
        {actionData?.ok === true ? (
          <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900">Product updated. Opening the product page...</p>
        ) : actionData?.ok === false ? (
          <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">Failed to update product. Please try again.</p>
        ) : null}
      </div>
    </div>
  );
}
