import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, isMediaKey, type ObjectInfo, type ObjectStore } from "./store";

function fileOf(dir: string, key: string) {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  return path.join(dir, key);
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

async function stat(file: string, key: string): Promise<ObjectInfo | null> {
  try {
    const s = await fs.stat(file);
    if (!s.isFile()) return null;
    // The same weak validator express.static (send) gave: size and modification time.
    return { size: s.size, contentType: contentTypeOf(key), etag: `W/"${s.size.toString(16)}-${s.mtimeMs.toString(16)}"`, lastModified: s.mtime };
  } catch (err) {
    if (missing(err)) return null;
    throw err;
  }
}

/** The default store: files in one folder (MEDIA_DIR), as the shop kept them before there was a choice. */
export function localStore(dir: string): ObjectStore {
  return {
    async put(key, body) {
      const file = fileOf(dir, key);
      await fs.mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader (or another process writing the same key) never sees half a file.
      const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
      try {
        await fs.writeFile(tmp, body);
        await fs.rename(tmp, file);
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
    async get(key) {
      const file = fileOf(dir, key);
      const info = await stat(file, key);
      return info && { body: createReadStream(file), info };
    },
    head: (key) => stat(fileOf(dir, key), key),
    async delete(key) {
      await fs.rm(fileOf(dir, key), { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const e of entries) {
        // Hidden entries (the artwork cache's fallback folder) and half-written files are not objects.
        if (!e.isFile() || !isMediaKey(e.name) || e.name.endsWith(".tmp")) continue;
        const info = await stat(path.join(dir, e.name), e.name);
        if (info) yield { key: e.name, size: info.size };
      }
    },
  };
}
