import { useEffect, useRef, useState } from "react";

/** Below Tailwind's `sm`: the phone, where a centred dialog would cover the hero's Shop Now. */
const PHONE = "(max-width: 639px)";

/**
 * The promotion's dialog, open while mounted; PromoPopup mounts it when the popup is due. A native
 * `<dialog>`: Radix Dialog's portal, focus scope and scroll lock made its opening a 16-24 ms task on
 * a phone-speed CPU, the largest after the first paint on every browsing page (Lighthouse's TBT).
 * From `sm` up it is modal (`showModal`: the page behind is inert, the backdrop dims it) and
 * centred, with the banner artwork. On a phone it is a slim non-modal bar at the bottom of the screen
 * (two lines of text and Close, under 64 px), without a backdrop: the page above it stays in view and
 * usable (the hero's Shop Now ends about 75 px above a 667 px screen's bottom edge), and a tap there
 * closes the bar. Escape, a tap outside and Close dismiss it. Closing gives the focus back to what
 * had it (`focusBefore`), else to the main content, never to <body>; a tap outside leaves the focus
 * where that tap put it.
 */
export default function PromoDialog({ offerUrl, onDismiss, focusBefore }: { offerUrl: string; onDismiss: () => void; focusBefore: Element | null }) {
  // Mounted in the browser only (after the popup's delay), so the media query can be read at once.
  const [phone] = useState(() => window.matchMedia(PHONE).matches);
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const dialog = ref.current!;
    let tappedOutside = false;
    if (!dialog.open) {
      if (phone) dialog.show();
      else dialog.showModal();
    }
    // The modal holds the page still behind it (app.css).
    if (!phone) document.documentElement.setAttribute("data-promo-modal", "");
    // The first control takes the focus: Close on the modal, the offer on the bar.
    dialog.querySelector<HTMLElement>("a[href], button")?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      dismiss.current();
    };
    // A click on a modal's backdrop is a click on the <dialog> itself: its content fills its box.
    const onPointer = (e: PointerEvent) => {
      if (e.target !== dialog && dialog.contains(e.target as Node)) return;
      tappedOutside = true;
      dismiss.current();
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer, true);
      document.documentElement.removeAttribute("data-promo-modal");
      if (!tappedOutside) restoreFocus(focusBefore);
    };
  }, [phone, focusBefore]);

  const close = (className: string) => (
    <button type="button" onClick={onDismiss} className={className}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
        <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="sr-only">Close</span>
    </button>
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby="promo-title"
      aria-describedby="promo-description"
      // Escape on a modal <dialog> is also the browser's "cancel": the shop closes it, not the browser.
      onCancel={(e) => e.preventDefault()}
      className={
        phone
          ? "fixed inset-x-2 bottom-1 z-50 m-0 flex w-auto max-w-none items-center gap-2 rounded-xl bg-[#312e81] py-1.5 pl-4 pr-1.5 text-white shadow-2xl focus:outline-none"
          : "m-auto w-[calc(100%-2rem)] max-w-[500px] overflow-hidden rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-black/60 focus:outline-none"
      }
    >
      <h2 id="promo-title" className="sr-only">
        Partner deal
      </h2>
      <p id="promo-description" className="sr-only">
        An offer from one of our partners. It opens in a new tab.
      </p>
      {phone ? (
        <>
          <a href={offerUrl} target="_blank" rel="noopener noreferrer" onClick={onDismiss} className="flex min-h-11 flex-1 flex-col justify-center text-sm leading-5">
            <span className="font-semibold">Partner deal on accessories</span>
            <span className="font-bold text-yellow-300 underline">See the offer</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {close("flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/10")}
        </>
      ) : (
        <>
          {/* First in the DOM so it takes the initial focus: the least surprising control. */}
          {close("absolute right-3 top-3 z-10 flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white")}
          <a href={offerUrl} target="_blank" rel="noopener noreferrer" onClick={onDismiss} className="block focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-brand-600">
            <PromoArt />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      )}
    </dialog>
  );
}

/** Back to the element that had the focus; when that was nothing (or it is gone), the main content. */
function restoreFocus(before: Element | null) {
  if (before instanceof HTMLElement && before !== document.body && before.isConnected) {
    before.focus({ preventScroll: true });
    return;
  }
  const main = document.getElementById("main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
}

/** Original banner artwork, inline so it needs no request and never becomes the page's LCP image. */
function PromoArt() {
  return (
    <svg role="img" aria-label="Partner deal: accessories for your handheld at our partner's store" viewBox="0 0 500 400" width="500" height="400" className="block h-auto w-full">
      <defs>
        <linearGradient id="promo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#312e81" />
          <stop offset="0.55" stopColor="#6d28d9" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="500" height="400" fill="url(#promo-bg)" />
      <circle cx="430" cy="70" r="120" fill="#ffffff" opacity="0.07" />
      <circle cx="40" cy="380" r="90" fill="#ffffff" opacity="0.06" />
      <g transform="translate(345 135) rotate(12) scale(0.95)">
        <rect width="130" height="220" rx="20" fill="#f08a24" />
        <rect x="14" y="16" width="102" height="84" rx="6" fill="#1b1d24" />
        <rect x="20" y="22" width="90" height="72" rx="3" fill="#2d6f8e" />
        <path d="M20 82 L48 56 L68 72 L84 62 L110 82 L110 94 L20 94Z" fill="#3fa06a" />
        <rect x="18" y="134" width="34" height="11" rx="3" fill="#2b2b33" />
        <rect x="30" y="122" width="11" height="34" rx="3" fill="#2b2b33" />
        <circle cx="98" cy="128" r="7" fill="#2b2b33" />
        <circle cx="110" cy="141" r="7" fill="#2b2b33" />
        <circle cx="86" cy="141" r="7" fill="#2b2b33" />
        <circle cx="98" cy="154" r="7" fill="#2b2b33" />
      </g>
      <g fontFamily="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" fill="#ffffff">
        <rect x="36" y="48" width="118" height="30" rx="15" fill="#facc15" />
        <text x="95" y="69" textAnchor="middle" fontSize="15" fontWeight="800" fill="#312e81" letterSpacing="1.5">
          LIMITED
        </text>
        <text x="36" y="148" fontSize="52" fontWeight="900" letterSpacing="-1">
          PARTNER
        </text>
        <text x="36" y="203" fontSize="52" fontWeight="900" letterSpacing="-1" fill="#facc15">
          DEAL
        </text>
        <text fontSize="18" fontWeight="600" opacity="0.92">
          <tspan x="36" y="242">Cases, chargers and</tspan>
          <tspan x="36" y="266">screen guards for</tspan>
          <tspan x="36" y="290">your handheld</tspan>
        </text>
        <rect x="36" y="318" width="190" height="50" rx="25" fill="#ffffff" />
        <text x="131" y="350" textAnchor="middle" fontSize="19" fontWeight="800" fill="#312e81">
          See the offer →
        </text>
      </g>
    </svg>
  );
}
