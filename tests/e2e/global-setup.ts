import { mailDir, startMailCapture } from "./mail-capture";

/** Starts the SMTP capture for the run; the returned function stops it. */
export default async function globalSetup() {
  const server = await startMailCapture(mailDir());
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
