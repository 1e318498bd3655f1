import { Icon, type IconName } from "./icons";

/** A toolbar button: icon plus accessible name; `pressed` marks toggles (bold, alignment, modes). */
export function ToolbarButton({
  label,
  icon,
  text,
  pressed,
  disabled,
  onClick,
}: {
  label: string;
  icon?: IconName;
  text?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: the command applies to what was selected.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md px-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 ${
        pressed ? "bg-brand-100 text-brand-800" : "text-gray-700 hover:bg-gray-100"
      }`}
    >
      {icon ? <Icon name={icon} /> : null}
      {text ? <span>{text}</span> : null}
    </button>
  );
}

/** Arrow keys move between a toolbar's controls (Tab still reaches each of them too). */
export function onToolbarKeyDown(e: React.KeyboardEvent<HTMLElement>) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
  if ((e.target as HTMLElement).tagName === "SELECT") return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>("button:not(:disabled), select:not(:disabled)")];
  const at = items.indexOf(e.target as HTMLElement);
  if (at < 0) return;
  e.preventDefault();
  const next = e.key === "Home" ? 0 : e.key === "End" ? items.length - 1 : (at + (e.key === "ArrowRight" ? 1 : -1) + items.length) % items.length;
  items[next]?.focus();
}
