import { contentTypeOf, type ObjectStore } from "./store";

export type CopyReport = { copied: number; skipped: number; bytes: number };

/**
 * Copies every object of one store into another (`npm run media:copy-to-s3`). Idempotent and
 * resumable: an object the target already holds at the same size is skipped (keys are never
 * rewritten with other bytes, so equal size means the same file), and each object is written whole,
 * so a run stopped half-way is finished by running it again.
 */
export async function copyObjects(from: ObjectStore, to: ObjectStore, onObject: (key: string, copied: boolean) => void = () => {}): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const { key, size } of from.list()) {
    const there = await to.head(key);
    if (there?.size === size) {
      report.skipped++;
      onObject(key, false);
      continue;
    }
    const object = await from.get(key);
    if (!object) continue; // deleted since it was listed
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    await to.put(key, Buffer.concat(chunks), object.info.contentType || contentTypeOf(key));
    report.copied++;
    report.bytes += size;
    onObject(key, true);
  }
  return report;
}
