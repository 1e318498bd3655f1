import { postalAddressLines, type PostalAddress } from "@core/address";

export type { PostalAddress };

/** A postal address, one line per part (name first when given), as an <address>. */
export function AddressLines({ address, className = "" }: { address: PostalAddress; className?: string }) {
  return (
    <address className={`not-italic ${className}`}>
      {postalAddressLines(address).map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
