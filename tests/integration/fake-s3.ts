import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  /** The shop's settings for this bucket (MEDIA_STORAGE=s3). */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/**
 * An S3-compatible server in this process (s3rver, speaking the S3 REST protocol over HTTP on
 * loopback, files in a throwaway folder) with one empty bucket: what the media store's S3 adapter
 * talks to in tests. Nothing to install or start by hand.
 */
export async function startFakeS3(bucket = "shop-media"): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      // s3rver's own credentials: it checks every request's signature against them.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
