// The slice of s3rver (an in-process S3 fake, dev dependency) the tests use; it ships no types.
declare module "s3rver" {
  type Options = { address?: string; port?: number; silent?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
