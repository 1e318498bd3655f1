// Object storage for media (docs/decisions/019-media-storage.md): infrastructure, like
// the database client; the media area writes through it and server/http serves from it.
import { config, type Config } from "../config";
import { localStore } from "./local";
import { s3Store } from "./s3";
import type { ObjectStore } from "./store";

export { localStore } from "./local";
export { s3Store, type S3Settings } from "./s3";
export { MEDIA_CACHE_CONTROL, contentTypeOf, isMediaKey, type ObjectInfo, type ObjectStore } from "./store";
export { copyObjects, type CopyReport } from "./copy";

/** The store the configuration names. */
export function storeFor(c: Config): ObjectStore {
  return c.MEDIA_STORAGE === "s3" ? s3Store(c.s3!) : localStore(c.mediaDir);
}

let current: { config: Config; store: ObjectStore } | undefined;

/** The process's media store, built once per configuration (tests set a new configuration per file). */
export function mediaStore(): ObjectStore {
  const c = config();
  if (current?.config !== c) current = { config: c, store: storeFor(c) };
  return current.store;
}
