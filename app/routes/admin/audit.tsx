import { Link, data } from "react-router";
import { z } from "zod";
import { listAudit } from "@server/audit";
import { requireAdmin } from "@server/auth";
import { adminMeta, formatAdminDate } from "~/lib/admin";
import { auditText } from "~/lib/audit-text";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit Log");

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "staff");
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  return data(await listAudit(page));
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">Every admin write</h2>
        <p className="text-sm text-gray-600">{total.toLocaleString("en-US")} entries, newest first</p>
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-700">No admin changes recorded yet.</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-gray-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Audit log, page {page} of {pageCount}</caption>
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-3">When (UTC)</th>
                <th scope="col" className="px-4 py-3">Who</th>
                <th scope="col" className="px-4 py-3">What</th>
                <th scope="col" className="px-4 py-3">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="whitespace-nowrap px-4 py-3">
                    <time dateTime={r.createdAt}>{formatAdminDate(r.createdAt, true)}</time>
                  </td>
                  <td className="px-4 py-3">{r.actorEmail ?? "unknown"}</td>
                  <td className="px-4 py-3">
                    <span className="font-medium">{r.action.replace(/_/g, " ")}</span> {r.entity}
                    {r.entityId ? <span className="block font-mono text-xs text-gray-600">{r.entityId.slice(0, 8)}</span> : null}
                  </td>
                  <td className="max-w-md break-words px-4 py-3 text-gray-700">{auditText(r.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`} className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 font-medium">Previous</Link> : <span />}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={`?page=${page + 1}`} className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 font-medium">Next</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
