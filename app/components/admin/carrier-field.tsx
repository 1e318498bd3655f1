import { CARRIERS, CARRIER_IDS } from "@core/carriers";
import { SelectField } from "~/components/ui/field";

const OPTIONS = [{ value: "", label: "Not given" }, ...CARRIER_IDS.map((c) => ({ value: c, label: CARRIERS[c].name }))];

/** The carrier a fulfilment names (the order page's and the list's bulk fulfil): optional, "Not given" first. */
export function CarrierField({ id, error }: { id: string; error?: string }) {
  return <SelectField id={id} label="Carrier" name="carrier" defaultValue="" error={error} options={OPTIONS} />;
}
