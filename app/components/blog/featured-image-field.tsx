import { useId, useState } from "react";
import { TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { isImageUrl } from "@core/url";

/** Where the editor uploads a featured image (admins only; bytes checked, 8 MB at most). */
const UPLOAD_URL = "/api/admin/posts/image";

/** Featured image: upload a file or paste a URL; the field holds the URL either way. */
export function FeaturedImageField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const id = useId();
  const toast = useToast();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const res = await fetch(UPLOAD_URL, { method: "POST", body });
      const result = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!res.ok || !result.url) throw new Error(result.message ?? "The image could not be uploaded.");
      onChange(result.url);
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : "The image could not be uploaded.", variant: "destructive" });
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-800">Featured Image</legend>
      <div className="grid gap-4 md:grid-cols-[1fr_12rem]">
        <div className="grid gap-3">
          <div>
            <label htmlFor={`${id}-file`} className="mb-1 block text-sm text-gray-700">
              Upload an image (PNG, JPEG, WebP, GIF or AVIF, up to 8 MB)
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              disabled={uploading}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
                e.target.value = "";
              }}
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            />
            {uploading ? (
              <p role="status" className="mt-1 text-sm text-gray-600">
                Uploading...
              </p>
            ) : null}
          </div>
          <TextField path="image" label="Or an image URL" name="image" inputMode="url" placeholder="https://" value={value} onChange={(e) => onChange(e.target.value)} />
        </div>
        <div className="aspect-video overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
          {value && isImageUrl(value) && value.startsWith("/") ? (
            <img src={value} alt="Featured image preview" className="h-full w-full object-cover" />
          ) : (
            // Pages load images from this site only (CSP): an address elsewhere is copied into the library on save.
            <p className="flex h-full items-center justify-center p-2 text-center text-xs text-gray-600">
              {value && isImageUrl(value) ? "Copied into the media library when you save" : "No image"}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
