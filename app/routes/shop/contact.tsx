import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { getShopSettings } from "@server/content/settings";
import { checkContactRateLimit, contactSchema, submitContactMessage } from "@server/marketing/contact";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { readForm } from "@server/http/form";

const FIELDS = ["name", "email", "subject", "message"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

export async function loader() {
  const s = await getShopSettings();
  return { supportEmail: s.supportEmail, phone: s.phone, address: s.address };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Values;
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
      errors[field as Field] = messages?.[0];
    }
    return data({ status: "invalid" as const, values, errors }, { status: 400 });
  }
  const limit = await checkContactRateLimit(context.clientIp);
  if (!limit.ok) {
    return data(
      { status: "rate-limited" as const, values, message: "Too many messages. Please try again later." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const { id } = await submitContactMessage(parsed.data);
  return { status: "sent" as const, id };
}

// A document POST only carries the action's headers (Retry-After) when the route passes them on.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Us",
    description: "Questions about an order, a console or a return? Write to our London support team; we reply within one business day.",
    path: "/contact",
  });

const LABELS: Record<Field, string> = { name: "Your Name", email: "Email Address", subject: "Subject", message: "Message" };

const inputClass =
  "mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 aria-[invalid=true]:border-red-600 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const errors = actionData?.status === "invalid" ? actionData.errors : {};
  const values: Partial<Values> = actionData && actionData.status !== "sent" ? actionData.values : {};

  // After a submission, take keyboard and screen-reader users to what happened.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.status === "invalid") formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    else noticeRef.current?.focus();
  }, [actionData]);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-extrabold">Contact Us</h1>
      <p className="mt-3 max-w-prose text-lg text-gray-600">
        Questions about a console, an order or a return? Send us a message and our London team will get back to you.
      </p>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="rounded-2xl border border-gray-200 p-6 shadow-sm lg:col-span-2">
          <h2 id="contact-form-heading" className="text-2xl font-bold">Send us a message</h2>
          {actionData?.status === "sent" ? (
            <p ref={noticeRef} tabIndex={-1} role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-900">
              Thank you! Your message has been sent. We will reply within one business day.
            </p>
          ) : null}
          {actionData?.status === "rate-limited" ? (
            <p ref={noticeRef} tabIndex={-1} role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
              {actionData.message}
            </p>
          ) : null}
          {/* The server validates with the shared schema; noValidate lets its messages show. A new
              key after each sent message clears the fields. */}
          <Form
            ref={formRef}
            key={actionData?.status === "sent" ? actionData.id : "form"}
            method="post"
            noValidate
            className="mt-6 grid gap-5 sm:grid-cols-2"
          >
            {FIELDS.map((field) => {
              const error = errors[field];
              const id = `contact-${field}`;
              const common = {
                id,
                name: field,
                required: true,
                defaultValue: values[field] ?? "",
                "aria-invalid": error ? true : undefined,
                "aria-describedby": error ? `${id}-error` : undefined,
                className: inputClass,
              };
              return (
                <div key={field} className={field === "subject" || field === "message" ? "sm:col-span-2" : undefined}>
                  <label htmlFor={id} className="font-medium">
                    {LABELS[field]}
                  </label>
                  {field === "message" ? (
                    <textarea rows={5} {...common} />
                  ) : (
                    <input
                      type={field === "email" ? "email" : "text"}
                      autoComplete={field === "name" ? "name" : field === "email" ? "email" : "off"}
                      {...common}
                    />
                  )}
                  {error ? (
                    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={sending}
                className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
              >
                {sending ? "Sending..." : "Send Message"}
              </button>
            </div>
          </Form>
        </section>

        <div className="space-y-6">
          <section aria-labelledby="contact-details-heading" className="rounded-2xl bg-gray-50 p-6">
            <h2 id="contact-details-heading" className="text-xl font-bold">Get in Touch</h2>
            <dl className="mt-4 space-y-4">
              <div>
                <dt className="text-sm font-semibold text-gray-600">Email</dt>
                <dd>
                  <a href={`mailto:${loaderData.supportEmail}`} className="break-all text-brand-700 underline">
                    {loaderData.supportEmail}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-gray-600">Phone</dt>
                <dd>
                  <a href={`tel:${loaderData.phone.replace(/\s/g, "")}`} className="text-brand-700 underline">
                    {loaderData.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-gray-600">Address</dt>
                <dd>
                  <address className="not-italic">{loaderData.address}</address>
                </dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="contact-hours-heading" className="rounded-2xl bg-gray-50 p-6">
            <h2 id="contact-hours-heading" className="text-xl font-bold">Business Hours</h2>
            <dl className="mt-4 space-y-2">
              {[
                ["Mon-Fri", "9:00 AM-6:00 PM"],
                ["Saturday", "10:00 AM-4:00 PM"],
                ["Sunday", "Closed"],
              ].map(([days, hours]) => (
                <div key={days} className="flex justify-between gap-4">
                  <dt className="font-medium">{days}</dt>
                  <dd className="text-gray-700">{hours}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </div>
    </main>
  );
}
