import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { RequestDialog } from "./request-dialog";
import { buttonClass } from "~/components/ui/button";

export type UrlRequest = {
  title: string;
  urlLabel: string;
  initialUrl?: string;
  submitLabel: string;
  onSubmit: (url: string) => void;
};

/** Asks for a URL (link, video) in an accessible dialog instead of window.prompt. */
export function UrlDialog({ request, onClose }: { request: UrlRequest | null; onClose: () => void }) {
  return (
    <RequestDialog open={request !== null} onClose={onClose}>
      {request ? <UrlForm key={request.title} request={request} onClose={onClose} /> : null}
    </RequestDialog>
  );
}

function UrlForm({ request, onClose }: { request: UrlRequest; onClose: () => void }) {
  const id = useId();
  const [url, setUrl] = useState(request.initialUrl ?? "");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation(); // never submit the surrounding post or product form
        request.onSubmit(url.trim());
        onClose();
      }}
    >
      <Dialog.Title className="text-lg font-semibold">{request.title}</Dialog.Title>
      <label htmlFor={`${id}-url`} className="mt-4 block text-sm font-medium">
        {request.urlLabel}
      </label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        required={!request.initialUrl}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://"
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
      />
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close type="button" className="rounded-lg border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50">
          Cancel
        </Dialog.Close>
        <button type="submit" className={buttonClass()}>
          {request.submitLabel}
        </button>
      </div>
    </form>
  );
}
