import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { fieldId } from "~/components/ui/field";
import { useErrorsClearWhenValid } from "~/components/admin/use-errors-clear-when-valid";
import { useToast } from "~/components/ui/toast";

type Errors = Record<string, string>;

/** What an editor's action answers. `kind: "validation"` is a rule of the form, anything else a refusal of the save. */
export type EditorResult<Intent extends string> =
  | { ok: true; intent: Intent }
  | { ok: false; kind?: "validation" | "save"; message: string; fieldErrors: Errors };

/**
 * The save cycle of the product and post editors, written once: the form is checked in the browser
 * with the action's own schema (`problems`), sent through a fetcher, and the answer shown: a success
 * toast and back to the list, or the messages next to their fields, a toast, and focus on the first
 * field in page order. Messages clear as their field becomes valid; unsaved changes are tracked against
 * the last save.
 */
export function useEditorForm<Intent extends string, Values>({
  values,
  problems,
  list,
  successMessage,
  leaveAfterMs = 0,
  invalidTitle = "Error",
  refusedTitle = "Error",
  fallbackMessage,
  beforeFocus,
}: {
  values: Values;
  /** Messages by field path for a form body with its intent set; {} when it may be sent. */
  problems: (body: FormData) => Errors;
  list: string;
  successMessage: (intent: Intent) => string;
  /** How long the success toast is read on the editor before going back to the list. */
  leaveAfterMs?: number;
  invalidTitle?: string;
  refusedTitle?: string;
  fallbackMessage: string;
  /** Runs before focusing a field (the post editor leaves its preview). */
  beforeFocus?: () => void;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const fetcher = useFetcher<EditorResult<Intent>>();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [savedValues, setSavedValues] = useState(values);
  const [leaving, setLeaving] = useState(false);
  const saving = fetcher.state !== "idle";
  const dirty = JSON.stringify(values) !== JSON.stringify(savedValues);
  /** The intent of the last save: publishing may ask more (a colour) than a draft. */
  const lastIntent = useRef<Intent | null>(null);

  useErrorsClearWhenValid(form, errors, setErrors, (body) => {
    if (lastIntent.current) body.set("intent", lastIntent.current);
    return problems(body);
  }, values);

  function showErrors(errs: Errors, title: string, message: string) {
    setErrors(errs);
    toast({ title, description: message || fallbackMessage, variant: "destructive" });
    beforeFocus?.();
    // The first invalid control in page order takes focus (a rich editor's is its editing area).
    requestAnimationFrame(() => {
      const ids = new Set(Object.keys(errs).map(fieldId));
      const first = [...(form.current?.querySelectorAll<HTMLElement>("[id^='field-']") ?? [])].find((el) => ids.has(el.id));
      const target = first?.matches("input, select, textarea, button") ? first : first?.querySelector<HTMLElement>("[contenteditable='true'], textarea");
      (target ?? first ?? document.getElementById(fieldId(Object.keys(errs)[0] ?? "")))?.focus();
    });
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      setErrors({});
      setSavedValues(values);
      setLeaving(true);
      // The toast lives in the root, so it stays on screen across the navigation.
      toast({ title: "Success", description: successMessage(result.intent) });
    } else {
      showErrors(result.fieldErrors, result.kind === "validation" ? invalidTitle : refusedTitle, result.message);
    }
    // Only a new answer from the server matters here, not every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  // Back to the list once the unsaved-changes guard has seen the save (it would otherwise ask to leave).
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => navigate(list), leaveAfterMs);
    return () => clearTimeout(timer);
  }, [leaving, list, leaveAfterMs, navigate]);

  function submit(intent: Intent) {
    if (!form.current) return;
    const body = new FormData(form.current);
    body.set("intent", intent);
    lastIntent.current = intent;
    const errs = problems(body);
    if (Object.keys(errs).length > 0) {
      showErrors(errs, invalidTitle, Object.values(errs)[0]);
      return;
    }
    setErrors({});
    fetcher.submit(body, { method: "post" });
  }

  return { fetcher, form, errors, setErrors, saving, dirty, submit, guard: dirty && !saving && !leaving };
}
