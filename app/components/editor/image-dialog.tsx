import { Dialog, Tabs } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { altTextSchema } from "@core/alt-text";
import type { BodyImage, LibraryImage } from "@core/images";
import { isImageUrl } from "@core/url";
import { RequestDialog } from "./request-dialog";
import { buttonClass } from "~/components/ui/button";

const ENDPOINT = "/api/admin/media";
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif";

/** Opens the dialog; a file dropped or pasted into the editor arrives ready to upload. */
export type ImageRequest = { file?: File; at?: number };
export type InsertedImage = Partial<BodyImage> & { src: string; alt: string };

type Source = "upload" | "library" | "url";

/**
 * Inserts an image into the body: uploaded through the server's image pipeline (checked by its bytes,
 * re-encoded, renditions for srcset), picked from the media library, or by https address. A
 * description (alt text) is required whatever the source.
 */
export function ImageDialog({
  request,
  onClose,
  onInsert,
}: {
  request: ImageRequest | null;
  onClose: () => void;
  onInsert: (image: InsertedImage, at?: number) => void;
}) {
  return (
    <RequestDialog open={request !== null} onClose={onClose} wide>
      {request ? <ImageForm request={request} onClose={onClose} onInsert={onInsert} /> : null}
    </RequestDialog>
  );
}

/** A file as a data: URL (the page's CSP allows data: images, not blob:). */
function usePreview(file: File | undefined) {
  const [preview, setPreview] = useState("");
  useEffect(() => {
    setPreview("");
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : "");
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}

/** The library's images matching `query`, fetched while the library tab is open. */
function useLibrary(active: boolean, query: string) {
  const [images, setImages] = useState<LibraryImage[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${ENDPOINT}?${new URLSearchParams({ q: query.trim() })}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ images: LibraryImage[] }>) : Promise.reject(new Error(String(r.status)))))
        .then((body) => {
          setImages(body.images);
          setFailed(false);
        })
        .catch(() => controller.signal.aborted || setFailed(true));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, query]);
  return { images, failed };
}

const field = "mt-1 w-full rounded-lg border border-gray-300 px-3 py-2";
const tab =
  "whitespace-nowrap rounded-t-md px-2.5 py-1.5 text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-gray-100 data-[state=active]:text-brand-800";

function ImageForm({ request, onClose, onInsert }: { request: ImageRequest; onClose: () => void; onInsert: (image: InsertedImage, at?: number) => void }) {
  const id = useId();
  const [source, setSource] = useState<Source>("upload");
  const [file, setFile] = useState<File | undefined>(request.file);
  const [url, setUrl] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<LibraryImage | null>(null);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const preview = usePreview(file);
  const library = useLibrary(source === "library", query);

  const insert = (image: InsertedImage) => {
    onInsert(image, request.at);
    onClose();
  };

  /** Uploads or imports through the media endpoint; inserts the library copy it answers with. */
  const send = async (request: () => Promise<Response>) => {
    setBusy(true);
    try {
      const res = await request();
      const answer = (await res.json().catch(() => null)) as { image?: BodyImage; message?: string } | null;
      if (!res.ok || !answer?.image) return setError(answer?.message ?? "The image could not be uploaded. Please try again.");
      insert(answer.image);
    } catch {
      setError("The image could not be uploaded. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setError("");
    const description = altTextSchema.safeParse(alt);
    setAltError(description.success ? "" : description.error.issues[0].message);
    if (source === "url") {
      if (!isImageUrl(url.trim())) return setError("Enter an image address starting with https://");
      if (!description.success) return;
      // The server copies it into the media library: pages show only the shop's own images.
      return send(() => fetch(ENDPOINT, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ url: url.trim(), alt: description.data }) }));
    }
    if (source === "library") {
      if (!picked) return setError("Choose an image from the library");
      if (description.success) insert({ ...picked.image, alt: description.data });
      return;
    }
    if (!file) return setError("Choose an image file to upload");
    if (!description.success) return;
    const body = new FormData();
    body.set("file", file);
    body.set("alt", description.data);
    return send(() => fetch(ENDPOINT, { method: "POST", body }));
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation(); // never submit the surrounding post or product form
        void submit();
      }}
    >
      <Dialog.Title className="text-lg font-semibold">Insert image</Dialog.Title>
      <Tabs.Root
        value={source}
        onValueChange={(v) => {
          setSource(v as Source);
          setError("");
        }}
        className="mt-4"
      >
        <Tabs.List aria-label="Image source" className="flex gap-1 border-b border-gray-200">
          <Tabs.Trigger value="upload" className={tab}>
            Upload
          </Tabs.Trigger>
          <Tabs.Trigger value="library" className={tab}>
            Media library
          </Tabs.Trigger>
          <Tabs.Trigger value="url" className={tab}>
            Web address
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="upload" className="pt-4">
          <label htmlFor={`${id}-file`} className="block text-sm font-medium">
            Image file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            aria-describedby={`${id}-file-help`}
            onChange={(e) => setFile(e.target.files?.[0])}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:font-medium"
          />
          <p id={`${id}-file-help`} className="mt-1 text-sm text-gray-600">
            PNG, JPEG, WebP, GIF or AVIF, up to 8 MB. You can also drop or paste an image into the editor.
          </p>
          {file ? (
            <div className="mt-3 flex items-center gap-3">
              {preview ? <img src={preview} alt="" className="h-20 w-20 rounded-lg border border-gray-200 object-cover" /> : null}
              <p className="text-sm text-gray-700">{file.name}</p>
            </div>
          ) : null}
        </Tabs.Content>

        <Tabs.Content value="library" className="pt-4">
          <label htmlFor={`${id}-search`} className="block text-sm font-medium">
            Search images
          </label>
          <input id={`${id}-search`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} className={field} />
          <p role="status" className="mt-2 text-sm text-gray-600">
            {library.failed
              ? "The media library could not be loaded."
              : library.images === null
                ? "Loading images…"
                : `${library.images.length} image${library.images.length === 1 ? "" : "s"}`}
          </p>
          {library.images?.length ? (
            <ul className="mt-2 grid max-h-72 grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2">
              {library.images.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    aria-pressed={picked?.id === image.id}
                    onClick={() => {
                      setPicked(image);
                      setError("");
                      if (!alt.trim()) setAlt(image.image.alt);
                    }}
                    className={`flex w-full items-center gap-3 rounded-lg border p-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
                      picked?.id === image.id ? "border-brand-600 bg-brand-50" : "border-gray-200 hover:bg-gray-50"
                    }`}
                  >
                    <img src={image.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded-md object-cover" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-gray-900">{image.image.alt || image.name}</span>
                      <span className="block text-gray-600">{image.usedIn.length ? `Used in: ${image.usedIn.map((u) => u.title).join(", ")}` : "Not used yet"}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </Tabs.Content>

        <Tabs.Content value="url" className="pt-4">
          <label htmlFor={`${id}-url`} className="block text-sm font-medium">
            Image URL
          </label>
          <input id={`${id}-url`} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" className={field} />
        </Tabs.Content>
      </Tabs.Root>

      <label htmlFor={`${id}-alt`} className="mt-4 block text-sm font-medium">
        Description (alt text)
      </label>
      <input
        id={`${id}-alt`}
        value={alt}
        required
        aria-invalid={altError ? true : undefined}
        aria-describedby={altError ? `${id}-alt-error` : undefined}
        onChange={(e) => {
          setAlt(e.target.value);
          if (altError && altTextSchema.safeParse(e.target.value).success) setAltError("");
        }}
        className={field}
      />
      {altError ? (
        <p id={`${id}-alt-error`} className="mt-1 text-sm text-red-700">
          {altError}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close type="button" className="rounded-lg border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50">
          Cancel
        </Dialog.Close>
        <button type="submit" disabled={busy} className={buttonClass()}>
          {busy ? "Uploading…" : "Insert"}
        </button>
      </div>
    </form>
  );
}
