import { Form, useLoaderData } from "react-router";
import { adminHeaders, requireAdmin } from "@server/auth/guards";
import type { Route } from "./+types/dashboard";

// Placeholder until the back office's dashboard lands: proves the admin gate end to end.
export const headers: Route.HeadersFunction = () => adminHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Pocket Retro" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}

export default function Dashboard() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-2 text-gray-700">Signed in as {email}</p>
      <Form method="post" action="/admin/logout" className="mt-6">
        <button type="submit" className="rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white">
          Logout
        </button>
      </Form>
    </main>
  );
}
