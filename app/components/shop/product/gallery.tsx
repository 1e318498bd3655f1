import { useState } from "react";
import { ResponsiveImage, type ImageData } from "../responsive-image";

export type GalleryColour = { name: string; images: ImageData[] };

/**
 * Main image of the selected colour with a 2x zoom that follows the pointer, and one thumbnail per
 * colour (picking a thumbnail picks the colour). A new colour starts at its first view, unzoomed.
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
  // The view picked within a colour; it belongs to that colour only.
  const [picked, setPicked] = useState({ colour: selected, view: 0 });
  const view = picked.colour === selected ? picked.view : 0;
  const setView = (v: number) => setPicked({ colour: selected, view: v });
  const image = images[view] ?? images[0];
  return (
    <div className="flex flex-col gap-4">
      {image ? (
        <ZoomableImage key={image.renditions[0]?.path} image={image} />
      ) : (
        <div className="flex aspect-square items-center justify-center rounded-2xl bg-gray-100 text-gray-500">{title}</div>
      )}
      {images.length > 1 ? (
        <ul className="flex gap-2" aria-label={`${colours[selected]?.name} views`}>
          {images.map((img, i) => (
            <li key={i}>
              <Thumbnail
                image={img}
                label={`Show ${colours[selected]?.name} view ${i + 1}`}
                pressed={i === view}
                onClick={() => setView(i)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {colours.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Colours">
          {colours.map((c, i) =>
            c.images[0] ? (
              <li key={c.name}>
                <Thumbnail image={c.images[0]} label={`Show ${c.name}`} pressed={i === selected} onClick={() => onSelect(i)} />
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
    </div>
  );
}

function Thumbnail({ image, label, pressed, onClick }: { image: ImageData; label: string; pressed: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={`block h-16 w-16 overflow-hidden rounded-lg border-2 bg-gray-100 sm:h-20 sm:w-20 ${
        pressed ? "border-brand-700" : "border-transparent hover:border-gray-300"
      }`}
    >
      <ResponsiveImage image={image} alt="" sizes="80px" className="h-full w-full object-cover" />
    </button>
  );
}

/** Click (or Enter/Space) toggles a 2x zoom; the pointer, or the arrow keys, move the zoomed area. */
function ZoomableImage({ image }: { image: ImageData }) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });

  function pointAt(e: React.MouseEvent<HTMLElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    setOrigin({
      x: clampPercent(((e.clientX - box.left) / box.width) * 100),
      y: clampPercent(((e.clientY - box.top) / box.height) * 100),
    });
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
        setZoomed((z) => !z);
      }}
      onMouseMove={(e) => zoomed && pointAt(e)}
      onKeyDown={(e) => {
        const step = ARROWS[e.key];
        if (!zoomed || !step) return;
        e.preventDefault();
        setOrigin((o) => ({ x: clampPercent(o.x + step[0]), y: clampPercent(o.y + step[1]) }));
      }}
      className={`relative block aspect-square w-full overflow-hidden rounded-2xl bg-gray-100 ${zoomed ? "cursor-zoom-out" : "cursor-zoom-in"}`}
    >
      <span
        className="block h-full w-full transition-transform duration-200 ease-out motion-reduce:transition-none"
        style={{ transform: zoomed ? "scale(2)" : undefined, transformOrigin: `${origin.x}% ${origin.y}%` }}
      >
        <ResponsiveImage
          image={image}
          priority
          sizes="(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw"
          className="h-full w-full object-cover"
        />
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
