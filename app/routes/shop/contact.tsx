import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { getShopSettings } from "@server/content";
import { checkContactRateLimit, submitContactMessage } from "@server/marketing";
import { TextAreaField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { contactSchema } from "@core/contact-form";
import { fieldErrors, formFields } from "@core/form";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { readForm } from "@server/http/form";
import { buttonClass } from "~/components/ui/button";

const FIELDS = ["name", "email", "subject", "message"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader() {
  const s = await getShopSettings();
  return { supportEmail: s.supportEmail, phone: s.phone, address: s.address };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values: Values = formFields(form, FIELDS);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data({ status: "invalid" as const, values, errors: fieldErrors(parsed.error) }, { status: 400 });
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

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The action's schema runs first in the browser; the server's messages show without JavaScript.
  const { errors, onSubmit } = useSchemaForm(contactSchema, actionData?.status === "invalid" ? actionData.errors : undefined);
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
            onSubmit={onSubmit}
            className="mt-6 grid gap-5 sm:grid-cols-2"
          >
            <TextField label="Your Name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
            <TextField label="Email Address" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} />
            <TextField label="Subject" name="subject" autoComplete="off" required defaultValue={values.subject} error={errors.subject} className="sm:col-span-2" />
            <TextAreaField label="Message" name="message" rows={5} required defaultValue={values.message} error={errors.message} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={sending}
                className={buttonClass("primary", "large", "w-full sm:w-auto")}
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
