import { z } from "zod";

/**
 * The AI writer's request, one schema for the dialog in the browser (components/editor/ai-dialog.tsx)
 * and the endpoint (routes/api/admin-ai.ts, server/ai/writer.ts), and the events it streams back.
 */
export const AI_PROVIDERS = ["gemini", "deepseek"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export const AI_PROVIDER_LABELS: Record<AiProvider, string> = { gemini: "Gemini API", deepseek: "DeepSeek API" };
export const AI_TONES = ["formal", "casual", "professional", "friendly"] as const;
export type AiTone = (typeof AI_TONES)[number];
/** About how many words an article has (the prompt asks for it; the dialog's progress counts to it). */
export const AI_WORD_TARGET = 400;

export const aiRequestSchema = z.object({
  provider: z.enum(AI_PROVIDERS, { message: "Choose Gemini API or DeepSeek API" }),
  topic: z.string().trim().min(5, "Topic must be longer than 4 characters").max(300, "Topic must be 300 characters or fewer"),
  tone: z.enum(AI_TONES, { message: "Choose a tone" }),
});
export type AiRequest = z.infer<typeof aiRequestSchema>;

/** One line of the stream. `cut`: the article as far as it got, ended by the provider's length limit. */
export type WriterEvent = { type: "html"; html: string } | { type: "done"; html: string } | { type: "cut"; html: string; message: string } | { type: "error"; message: string };
