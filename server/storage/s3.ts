import type { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import { MEDIA_CACHE_CONTROL, contentTypeOf, isMediaKey, type ObjectInfo, type ObjectStore } from "./store";

export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (R2, MinIO, a local fake); unset for AWS S3 itself. */
  endpoint?: string;
  /** Unset: the SDK's own chain (environment, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most fakes need it). */
  forcePathStyle: boolean;
};

const notFound = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

function checkedKey(key: string) {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  return key;
}

function infoOf(key: string, o: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date }): ObjectInfo {
  return { size: o.ContentLength ?? 0, contentType: o.ContentType ?? contentTypeOf(key), etag: o.ETag ?? "", lastModified: o.LastModified ?? new Date(0) };
}

/** Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), one object per file, at the bucket's root. */
export function s3Store(s: S3Settings): ObjectStore {
  // The SDK is loaded with the first request, not at start: a shop on the local folder never pays
  // its memory (the system tests hold a process under 200 MB).
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const sdk = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: s.forcePathStyle,
        credentials: s.credentials,
        // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's newer
        // default (CRC32 on every upload and download), and every put here sends its whole body at once.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const Bucket = s.bucket;
  return {
    async put(key, body, contentType) {
      const { sdk: S, client } = await sdk();
      // Stored with the headers it is served with, so a CDN in front of the bucket (MEDIA_PUBLIC_BASE_URL) serves it right too.
      await client.send(new S.PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }));
    },
    async get(key) {
      const { sdk: S, client } = await sdk();
      try {
        const o = await client.send(new S.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { body: o.Body as Readable, info: infoOf(key, o) };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async head(key) {
      const { sdk: S, client } = await sdk();
      try {
        return infoOf(key, await client.send(new S.HeadObjectCommand({ Bucket, Key: checkedKey(key) })));
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk: S, client } = await sdk();
      await client.send(new S.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async *list() {
      const { sdk: S, client } = await sdk();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new S.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
