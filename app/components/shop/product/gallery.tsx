import { useState } from "react";
import { ResponsiveImage, type ImageData } from "../responsive-image";

export type GalleryColour = { name: string; images: ImageData[] };

/**
 * The selected colour's pictures (front, back, side…) with a 2x zoom that follows the pointer, a
 * radio group of view thumbnails, and one thumbnail per colour (picking one picks the colour).
 *
 * Only the first picture of the first colour loads at once (preloaded, high priority); the other
 * views sit in the page hidden and lazy, so the browser fetches one when it is shown, and the
 * 1,600 px zoom rendition loads when the shopper zooms. The views are radios whose checked state
 * CSS follows (`:has()`), so they switch before JavaScript runs, and by arrow keys like any radio
 * group.
 */
export function Gallery({
  colours,
  selected,
  onSelect,
  title,
}: {
  colours: GalleryColour[];
  selected: number;
  onSelect: (index: number) => void;
  title: string;
}) {
  const images = colours[selected]?.images ?? [];
  // The view picked within a colour; it belongs to that colour only (a new colour starts at its first view).
  const [picked, setPicked] = useState({ colour: selected, view: 0 });
  const view = picked.colour === selected && picked.view < images.length ? picked.view : 0;
  const several = images.length > 1;
  return (
    <div className="group/gallery flex flex-col gap-4">
      {images.length ? (
        <ZoomableImages key={selected} images={images} view={view} several={several} firstColour={selected === 0} />
      ) : (
        <div className="flex aspect-square items-center justify-center rounded-2xl bg-gray-100 text-gray-500">{title}</div>
      )}
      {several ? (
        <fieldset>
          <legend className="sr-only">Views</legend>
          <div className="flex gap-2">
            {images.map((img, i) => (
              <label key={`${selected}-${i}`} className="relative block">
                <input
                  type="radio"
                  name="gallery-view"
                  value={i}
                  checked={i === view}
                  onChange={() => setPicked({ colour: selected, view: i })}
                  className={`${VIEW_RADIO[i] ?? ""} peer absolute inset-0 h-full w-full cursor-pointer opacity-0`}
                />
                <span
                  aria-hidden="true"
                  className="block h-16 w-16 overflow-hidden rounded-lg border-2 border-transparent bg-gray-100 peer-checked:border-brand-700 peer-hover:border-gray-300 peer-checked:peer-hover:border-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 sm:h-20 sm:w-20"
                >
                  <ResponsiveImage image={img} alt="" sizes="80px" className="h-full w-full object-cover" />
                </span>
                <span className="sr-only">{viewName(img.alt, i, images.length)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {colours.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Colours">
          {colours.map((c, i) =>
            c.images[0] ? (
              <li key={c.name}>
                <button
                  type="button"
                  aria-label={`Show ${c.name}`}
                  aria-pressed={i === selected}
                  onClick={() => onSelect(i)}
                  className={`block h-16 w-16 overflow-hidden rounded-lg border-2 bg-gray-100 sm:h-20 sm:w-20 ${
                    i === selected ? "border-brand-700" : "border-transparent hover:border-gray-300"
                  }`}
                >
                  <ResponsiveImage image={c.images[0]} alt="" sizes="80px" className="h-full w-full object-cover" />
                </button>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Written out in full so Tailwind generates them: view i is shown while the view radio with class
 * `gallery-view-i` is checked. Galleries hold up to 8 views per colour.
 */
const VIEW_RADIO = Array.from({ length: 8 }, (_, i) => `gallery-view-${i}`);
const SHOW_WHEN_CHECKED = [
  "group-has-[.gallery-view-0:checked]/gallery:block",
  "group-has-[.gallery-view-1:checked]/gallery:block",
  "group-has-[.gallery-view-2:checked]/gallery:block",
  "group-has-[.gallery-view-3:checked]/gallery:block",
  "group-has-[.gallery-view-4:checked]/gallery:block",
  "group-has-[.gallery-view-5:checked]/gallery:block",
  "group-has-[.gallery-view-6:checked]/gallery:block",
  "group-has-[.gallery-view-7:checked]/gallery:block",
];

/** "Front view" from the seed's "R36S Retro Handheld in White, front view"; "Picture 2 of 3" otherwise. */
export function viewName(alt: string, index: number, count: number) {
  const named = /,\s*([a-z][a-z -]{0,30} view)$/i.exec(alt)?.[1];
  return named ? named[0].toUpperCase() + named.slice(1) : `Picture ${index + 1} of ${count}`;
}

/**
 * Click (or Enter/Space) toggles a 2x zoom into the shown view; the pointer, or the arrow keys, move
 * the zoomed area and Escape leaves it. Zoomed, the view's 1,600 px rendition is laid over the
 * srcset image (fetched then, not before), so the enlarged picture stays sharp.
 */
function ZoomableImages({ images, view, several, firstColour }: { images: ImageData[]; view: number; several: boolean; firstColour: boolean }) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  // Views zoomed into so far: their large rendition stays in place once fetched.
  const [detailed, setDetailed] = useState<number[]>([]);

  function pointAt(e: React.MouseEvent<HTMLElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    setOrigin({
      x: clampPercent(((e.clientX - box.left) / box.width) * 100),
      y: clampPercent(((e.clientY - box.top) / box.height) * 100),
    });
  }

  function toggle(next: boolean) {
    setZoomed(next);
    if (next && !detailed.includes(view)) setDetailed([...detailed, view]);
  }

  return (
    <button
      type="button"
      aria-label="Zoom image"
      aria-pressed={zoomed}
      onClick={(e) => {
        // A keyboard "click" has no position (detail 0): zoom into the centre.
        if (e.detail === 0) setOrigin({ x: 50, y: 50 });
        else pointAt(e);
        toggle(!zoomed);
      }}
      onMouseMove={(e) => zoomed && pointAt(e)}
      onKeyDown={(e) => {
        if (zoomed && e.key === "Escape") {
          e.preventDefault();
          toggle(false);
          return;
        }
        const step = ARROWS[e.key];
        if (!zoomed || !step) return;
        e.preventDefault();
        setOrigin((o) => ({ x: clampPercent(o.x + step[0]), y: clampPercent(o.y + step[1]) }));
      }}
      className={`relative block aspect-square w-full overflow-hidden rounded-2xl bg-gray-100 ${zoomed ? "cursor-zoom-out" : "cursor-zoom-in"}`}
    >
      <span
        className="relative block h-full w-full transition-transform duration-200 ease-out motion-reduce:transition-none"
        style={{ transform: zoomed ? "scale(2)" : undefined, transformOrigin: `${origin.x}% ${origin.y}%` }}
        data-testid="zoom-layer"
      >
        {images.map((image, i) => (
          <span
            key={image.renditions[0]?.path ?? i}
            // CSS shows the view whose radio is checked: before hydration the browser checks it, after it React does.
            className={`${several ? `hidden ${SHOW_WHEN_CHECKED[i] ?? ""}` : "block"} relative h-full w-full`}
            data-view={i}
          >
            <ResponsiveImage
              image={image}
              priority={firstColour && i === 0}
              sizes="(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw"
              className="h-full w-full object-cover"
            />
            {image.zoom && detailed.includes(i) ? (
              <img
                src={image.zoom.path}
                alt=""
                width={image.zoom.width}
                height={image.zoom.height}
                decoding="async"
                data-testid="zoom-image"
                className={`absolute inset-0 h-full w-full object-cover ${zoomed && i === view ? "" : "invisible"}`}
              />
            ) : null}
          </span>
        ))}
      </span>
    </button>
  );
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-10, 0],
  ArrowRight: [10, 0],
  ArrowUp: [0, -10],
  ArrowDown: [0, 10],
};

function clampPercent(n: number) {
  return Math.max(0, Math.min(100, n));
}
