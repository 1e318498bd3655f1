import { countryName } from "~/lib/countries";

export type PostalAddress = { name?: string | null; line1: string; line2?: string | null; city: string; postalCode: string; country: string };

/** A postal address, one line per part (name first when given), as an <address>. */
export function AddressLines({ address, className = "" }: { address: PostalAddress; className?: string }) {
  const a = address;
  return (
    <address className={`not-italic ${className}`}>
      {[a.name, a.line1, a.line2, `${a.city} ${a.postalCode}`, countryName(a.country)].filter(Boolean).map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
