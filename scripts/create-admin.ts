// `npm run admin:create -- --email you@example.com --password '...'`: creates an owner (the back
// office's all-areas role; more staff are invited from /admin/staff), or makes an existing account
// an owner with this password. Works on PGlite (stop the server first: the
// embedded database has one owner) and on PostgreSQL (DATABASE_URL).
import { parseArgs } from "node:util";
import { adminCredentialsSchema, createAdmin } from "../server/auth";
import { openConfiguredDatabase } from "./open-db";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" } },
  strict: true,
});

const parsed = adminCredentialsSchema.safeParse({ email: values.email ?? "", password: values.password ?? "" });
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
  console.error("Usage: npm run admin:create -- --email you@example.com --password 'at least 10 characters'");
  process.exit(1);
}

const d = await openConfiguredDatabase();
try {
  const { created } = await createAdmin(parsed.data);
  console.log(created ? `Owner ${parsed.data.email} created.` : `${parsed.data.email} is now an owner with the new password.`);
} finally {
  await d.close();
}
