import { useState } from "react";
import { Form } from "react-router";
import { addressOneLine, NEW_ADDRESS, type AddressBookEntry } from "@core/address-book";
import { checkCheckoutForm, ORDER_NOTE_MAX, type CheckoutFieldErrors, type CheckoutValues } from "@core/checkout-form";
import { formatDeliveryRange, type PricedSummary } from "@core/checkout-quote";
import { formatMoney } from "@core/money";
import { AddressFields } from "~/components/address-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, ChoiceGroup, TextAreaField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { useHydrated } from "~/lib/use-hydrated";

/** What the summary is priced for: the country, its US state (sales tax) and the delivery method. */
export type CheckoutChoice = { country: string; region: string | null; methodId: string | null };

/**
 * The checkout form: contact, "Ship to" (a signed-in customer's saved addresses or a new one), the
 * address, the delivery method, and the submit with the total. `onChoose` asks for the summary of
 * what the shopper is choosing; `priced` is that summary.
 */
export function CheckoutForm({
  action,
  serverErrors,
  values,
  signedIn,
  savedAddresses,
  priced,
  onChoose,
  disabled,
}: {
  action: string;
  serverErrors?: CheckoutFieldErrors;
  values?: CheckoutValues;
  signedIn: boolean;
  savedAddresses: AddressBookEntry[];
  priced: PricedSummary & { country?: string };
  onChoose: (choice: CheckoutChoice) => void;
  disabled: boolean;
}) {
  // The no-JavaScript "Update" button hides once React has hydrated.
  const hydrated = useHydrated();
  // The action's rules first, in the browser (a saved address is checked on the server); the
  // no-JavaScript "Update" posts without them.
  const { errors, onSubmit } = useSchemaForm(checkCheckoutForm, serverErrors, (submitter) => submitter?.value === "quote");
  const quote = priced.quote;
  const country = quote?.country ?? values?.country ?? priced.country ?? "";
  const hasSaved = savedAddresses.length > 0;
  // "Ship to" (radios, uncontrolled): kept here too for the messages that depend on it.
  const [chosen, setChosen] = useState(hasSaved ? (values?.addressId ?? NEW_ADDRESS) : NEW_ADDRESS);
  // The new address's own country: choosing a saved address (and pricing its country) leaves it be.
  const [newCountry, setNewCountry] = useState(chosen === NEW_ADDRESS ? country : values?.country || country);
  const methodId = quote?.methodId ?? null;
  const countryError = priced.countryError ?? undefined;

  function chooseAddress(id: string) {
    setChosen(id);
    const saved = savedAddresses.find((a) => a.id === id);
    onChoose(saved ? { country: saved.country, region: saved.region ?? null, methodId } : { country: newCountry, region: null, methodId });
  }

  return (
    <Form method="post" action={action} noValidate onSubmit={onSubmit} aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold">
        Contact and shipping address
      </h2>
      <div className="mt-4 space-y-4" data-ship-to>
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values?.email} error={errors.email} />
        <CheckboxField
          name="marketingConsent"
          label="Email me offers and reminders"
          defaultChecked={values?.marketingConsent === "on"}
          hint="At most one reminder if you leave without paying, with a link back to your cart. Unsubscribe with one click."
        />
        {signedIn ? null : (
          <CheckboxField
            name="createAccount"
            label="Create an account with this order"
            defaultChecked={values?.createAccount === "on"}
            hint="Once your payment is confirmed, we will email you a link to choose a password. Your account keeps your orders and addresses."
          />
        )}
        {savedAddresses.length > 0 ? (
          <ChoiceGroup
            legend="Ship to"
            name="addressId"
            cards
            defaultValue={chosen}
            onChange={chooseAddress}
            error={errors.addressId ?? (chosen !== NEW_ADDRESS ? countryError : undefined)}
            choices={[
              ...savedAddresses.map((a) => ({
                value: a.id,
                label: (
                  <span className="flex-1 text-sm">
                    {addressOneLine(a)}
                    {a.isDefault ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Default</span> : null}
                  </span>
                ),
              })),
              { value: NEW_ADDRESS, label: <span className="flex-1 text-sm font-medium">A new address</span> },
            ]}
          />
        ) : null}
        {/* Shown while "A new address" is chosen, by CSS (app.css, [data-new-address]): no JavaScript needed. */}
        <div data-new-address={hasSaved ? "" : undefined} className="space-y-4">
          {hasSaved ? <h3 className="text-base font-semibold">New address</h3> : null}
          <AddressFields
            defaultValues={{ ...values, country: hasSaved ? newCountry : country }}
            errors={{ ...errors, country: errors.country ?? (chosen === NEW_ADDRESS ? countryError : undefined) }}
            // The same method is kept if the new country's zone has it, else the zone's first is priced.
            onCountryChange={(code) => {
              setNewCountry(code);
              onChoose({ country: code, region: null, methodId });
            }}
            // A US state may have its own sales tax.
            onRegionChange={(region) => onChoose({ country: newCountry, region: region || null, methodId })}
          />
          {signedIn ? <CheckboxField name="saveAddress" label="Save this address to my account" defaultChecked={values?.saveAddress === "on"} /> : null}
        </div>
      </div>
      {hydrated ? null : (
        <Button type="submit" name="intent" value="quote" variant="secondary" size="small" className="mt-4">
          Update delivery options and total
        </Button>
      )}
      {quote ? (
        <>
          <h2 className="mt-8 text-lg font-semibold">Delivery</h2>
          <ChoiceGroup
            className="mt-4"
            key={`${quote.country}:${quote.methodId}`}
            legend="Delivery method"
            name="shippingMethod"
            cards
            defaultValue={quote.methodId}
            onChange={(methodId) => onChoose({ country: quote.country, region: quote.region, methodId })}
            error={errors.shippingMethod}
            choices={quote.options.map((o) => ({
              value: o.methodId,
              label: (
                <span className="flex-1">
                  <span className="flex justify-between gap-3">
                    <span className="font-medium">{o.name}</span>
                    <span className="font-medium">{o.free ? "Free" : formatMoney(o.priceCents, quote.currency)}</span>
                  </span>
                  <span className="block text-sm text-gray-600">Estimated delivery {formatDeliveryRange(o.estimate.earliest, o.estimate.latest)}</span>
                </span>
              ),
            }))}
          />
        </>
      ) : null}
      <TextAreaField
        className="mt-8"
        label="Order note (optional)"
        name="note"
        rows={3}
        maxLength={ORDER_NOTE_MAX}
        hint={`Anything we should know about your order, such as a gift or a delivery instruction. Up to ${ORDER_NOTE_MAX} characters.`}
        defaultValue={values?.note}
        error={errors.note}
      />
      <Button type="submit" size="large" disabled={disabled || !quote} className="mt-8 w-full text-lg">
        {quote ? `Continue to Payment · ${formatMoney(quote.totalCents, quote.currency)}` : "Continue to Payment"}
      </Button>
      <p className="mt-3 text-center text-sm text-gray-600">You will pay on our payment provider&apos;s secure page.</p>
    </Form>
  );
}
