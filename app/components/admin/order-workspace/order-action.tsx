import { useActionData, useNavigation } from "react-router";
import type { OrderActionResult } from "@core/order-workspace";
import { FormError, FormSuccess } from "~/components/ui/form";

/**
 * The order page's last action as every panel reads it: its answer, whether a submit is under way
 * (the buttons wait), the field messages of a refused form, and the answer of one form (`lastFor`).
 */
export function useOrderAction() {
  const result = useActionData<OrderActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const fields = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const lastFor = (intent: string) => (result?.intent === intent ? result : undefined);
  return { result, busy, fields, lastFor };
}

/** The last answer of this form, next to it (what a browser without JavaScript shows). */
export function ActionResult({ intent }: { intent: string }) {
  const r = useOrderAction().lastFor(intent);
  if (!r) return null;
  return r.ok ? <FormSuccess message={r.message} /> : <FormError message={r.message} />;
}

