import { data, Link } from "react-router";
import { requireAdmin } from "@server/auth";
import { getOutboxMessage, listOutbox, mailIsKept } from "@server/mail";
import { adminMeta, formatAdminDate } from "~/lib/admin";
import type { Route } from "./+types/mailbox";

export const meta: Route.MetaFunction = () => adminMeta("Mailbox");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  const id = new URL(request.url).searchParams.get("id");
  const [messages, open] = await Promise.all([listOutbox(), id ? getOutboxMessage(id) : null]);
  if (id && !open) throw data(null, { status: 404 });
  return { kept: mailIsKept(), messages, open };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A plain-text body with its web addresses as links (React escapes the rest). */
function TextBody({ text }: { text: string }) {
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm leading-6 text-gray-900">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all font-medium text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

const STATUS_LABELS: Record<string, string> = { kept: "Kept (not sent)", pending: "Sending", sent: "Sent", failed: "Failed" };

/**
 * The dev mailbox: the outbox's newest messages, and the one picked with its body and links. With
 * SMTP_URL unset nothing is sent, and this page is where a confirmation or reset link is read.
 */
export default function AdminMailbox({ loaderData }: Route.ComponentProps) {
  const { kept, messages, open } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <p className={`rounded-xl border px-4 py-3 text-sm ${kept ? "border-amber-300 bg-amber-50 text-amber-950" : "border-gray-200 bg-white text-gray-700"}`}>
        {kept
          ? "SMTP_URL is not set: the shop sends no email. Every message is kept here instead, links included."
          : "Mail is delivered over SMTP. This is the outbox's record of what was sent."}
      </p>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="mailbox-list" className="min-w-0 rounded-xl border border-gray-200 bg-white">
          <h2 id="mailbox-list" className="border-b border-gray-200 px-4 py-3 font-semibold">
            Messages <span className="font-normal text-gray-600">(newest {messages.length})</span>
          </h2>
          {messages.length === 0 ? (
            <p className="p-6 text-center text-gray-700">No messages yet.</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {messages.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`?id=${m.id}`}
                    aria-current={open?.id === m.id ? "true" : undefined}
                    className={`block px-4 py-3 text-sm hover:bg-gray-50 ${open?.id === m.id ? "bg-brand-50" : ""}`}
                  >
                    <span className="block truncate font-semibold">{m.subject}</span>
                    <span className="block truncate text-gray-700">To {m.to}</span>
                    <span className="block text-xs text-gray-600">
                      <time dateTime={m.createdAt}>{formatAdminDate(m.createdAt, true)}</time> · {STATUS_LABELS[m.status] ?? m.status}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="mailbox-message" className="min-w-0 rounded-xl border border-gray-200 bg-white p-4">
          {open ? (
            <article>
              <h2 id="mailbox-message" className="text-lg font-semibold">
                {open.subject}
              </h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-gray-600">To</dt>
                <dd className="break-all">{open.to}</dd>
                {open.replyTo ? (
                  <>
                    <dt className="text-gray-600">Reply to</dt>
                    <dd className="break-all">{open.replyTo}</dd>
                  </>
                ) : null}
                <dt className="text-gray-600">Status</dt>
                <dd>
                  {STATUS_LABELS[open.status] ?? open.status}
                  {open.lastError ? ` after ${open.attempts} attempts: ${open.lastError}` : ""}
                </dd>
              </dl>
              <div className="mt-4 border-t border-gray-200 pt-4">
                <TextBody text={open.text} />
              </div>
            </article>
          ) : (
            <h2 id="mailbox-message" className="text-gray-700">
              Pick a message to read it.
            </h2>
          )}
        </section>
      </div>
    </div>
  );
}
