import { useEffect, useState } from "react";
import { AI_PROVIDER_LABELS, type AiProvider } from "@core/ai-writer";
import { useToast } from "~/components/ui/toast";
import { forgetKey, serverKeysOf, storeKey, storedKey } from "./writer-api";

/**
 * Whose key a request uses: the server's (asked once, when the dialog first opens) or the admin's own,
 * kept in this browser. The key panel shows while keys are known and the provider has none, or
 * while the admin changes theirs; its draft lasts until it is saved.
 */
export function useProviderKeys(open: boolean, provider: AiProvider) {
  const toast = useToast();
  const [serverKeys, setServerKeys] = useState<Record<AiProvider, boolean> | null>(null);
  const [keys, setKeys] = useState<Record<AiProvider, string>>({ gemini: "", deepseek: "" });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");

  useEffect(() => {
    if (!open) return;
    setKeys({ gemini: storedKey("gemini"), deepseek: storedKey("deepseek") });
    if (serverKeys) return;
    void serverKeysOf().then(setServerKeys);
  }, [open, serverKeys]);

  const label = AI_PROVIDER_LABELS[provider];
  const hasKey = !!keys[provider] || !!serverKeys?.[provider];

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const value = draft.trim();
    if (!value) return;
    storeKey(provider, value);
    setKeys((k) => ({ ...k, [provider]: value }));
    setDraft("");
    setEditing(false);
    toast({ title: "API Key Saved", description: `Your ${label} key is stored in this browser only.` });
  };

  const remove = () => {
    forgetKey(provider);
    setKeys((k) => ({ ...k, [provider]: "" }));
    toast({ title: "API Key Removed", description: `Your ${label} key was removed from this browser.` });
  };

  return {
    /** Still asking the server which keys it has. */
    loading: serverKeys === null,
    showPanel: serverKeys !== null && (editing || !hasKey),
    /** The admin's own key for this provider ("" when none). */
    ownKey: keys[provider],
    hasKey,
    label,
    draft,
    setDraft,
    setEditing,
    save,
    remove,
  };
}
