import { Dialog } from "radix-ui";
import { useId, useState } from "react";

export type UrlRequest = {
  title: string;
  urlLabel: string;
  initialUrl?: string;
  /** A second, optional field (an image's description). */
  textLabel?: string;
  submitLabel: string;
  onSubmit: (url: string, text: string) => void;
};

/** Asks for a URL (link, image, video) in an accessible dialog instead of window.prompt. */
export function UrlDialog({ request, onClose }: { request: UrlRequest | null; onClose: () => void }) {
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          {request ? <UrlForm key={request.title} request={request} onClose={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function UrlForm({ request, onClose }: { request: UrlRequest; onClose: () => void }) {
  const id = useId();
  const [url, setUrl] = useState(request.initialUrl ?? "");
  const [text, setText] = useState("");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation(); // never submit the surrounding post or product form
        request.onSubmit(url.trim(), text.trim());
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
      {request.textLabel ? (
        <>
          <label htmlFor={`${id}-text`} className="mt-3 block text-sm font-medium">
            {request.textLabel}
          </label>
          <input
            id={`${id}-text`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
          />
        </>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close type="button" className="rounded-lg border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50">
          Cancel
        </Dialog.Close>
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {request.submitLabel}
        </button>
      </div>
    </form>
  );
}
