import type { AiProvider, WriterEvent } from "@core/ai-writer";

/** The AI writer's endpoint: GET says which providers have a server key, POST streams an article. */
export const ENDPOINT = "/api/admin/ai";

/** An admin's personal key lives in this browser only, one entry per provider (DESIGN.md section 7). */
const keyName = (p: AiProvider) => `pocketretro.ai-key.${p}`;

export function storedKey(p: AiProvider): string {
  try {
    return localStorage.getItem(keyName(p)) ?? "";
  } catch {
    return "";
  }
}

export function storeKey(p: AiProvider, value: string) {
  try {
    localStorage.setItem(keyName(p), value);
  } catch {
    /* private mode: the key still works for this visit */
  }
}

export function forgetKey(p: AiProvider) {
  try {
    localStorage.removeItem(keyName(p));
  } catch {
    /* nothing stored */
  }
}

/** Which providers have a key on the server (none, when the answer cannot be read). */
export function serverKeysOf(): Promise<Record<AiProvider, boolean>> {
  return fetch(ENDPOINT)
    .then((r) => (r.ok ? (r.json() as Promise<Record<AiProvider, boolean>>) : Promise.reject(new Error(String(r.status)))))
    .catch(() => ({ gemini: false, deepseek: false }));
}

/** POSTs the request and hands each streamed line (growing, sanitised HTML) to `onEvent`. */
export async function streamArticle(body: { provider: AiProvider; topic: string; tone: string }, key: string, signal: AbortSignal, onEvent: (e: WriterEvent) => void) {
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key ? { "X-AI-Key": key } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(data?.message ?? "An unexpected error occurred");
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as WriterEvent);
  }
}
