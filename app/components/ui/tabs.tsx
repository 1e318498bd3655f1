import { useId, useRef, useState } from "react";

/**
 * WAI-ARIA tabs (automatic activation: arrow keys, Home and End move and select), every panel kept
 * in the page while hidden so its text is server-rendered. Replaces Radix Tabs on the storefront,
 * whose roving focus and collection cost the product page about 6 KB of gzip before any click.
 * `data-state="active|inactive"` on tabs and panels, as Radix sets it, for the styles.
 */
export function Tabs<T extends string>({
  tabs,
  label,
  tabClassName,
  panelClassName,
}: {
  tabs: { id: T; label: string; panel: React.ReactNode }[];
  label: string;
  tabClassName: string;
  panelClassName: string;
}) {
  const [selected, setSelected] = useState(tabs[0].id);
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: React.KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setSelected(tabs[next].id);
    buttons.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-controls={`${base}-panel-${t.id}`}
            aria-selected={t.id === selected}
            tabIndex={t.id === selected ? 0 : -1}
            data-state={t.id === selected ? "active" : "inactive"}
            className={tabClassName}
            onClick={() => setSelected(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          tabIndex={0}
          hidden={t.id !== selected}
          data-state={t.id === selected ? "active" : "inactive"}
          className={panelClassName}
        >
          {t.panel}
        </div>
      ))}
    </div>
  );
}
