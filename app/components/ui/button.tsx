/**
 * The shop's buttons: one class recipe per variant and size, for <button> (Button) and for links
 * that look like buttons (`className={buttonClass(...)}` on a Link or an <a>).
 */
export type ButtonVariant = "primary" | "secondary" | "outline" | "danger";
export type ButtonSize = "compact" | "small" | "medium" | "large" | "bare";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
  /** The storefront's second choice beside a primary one (Buy Now, View cart). */
  outline: "border-2 border-brand-700 text-brand-700 hover:bg-brand-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

const SIZES: Record<ButtonSize, string> = {
  /** Row tools of the back office (add, remove, move). */
  compact: "rounded-md px-2.5 py-1.5 text-sm",
  small: "rounded-lg px-4 py-2 text-sm",
  medium: "rounded-lg px-5 py-2.5",
  large: "rounded-lg px-6 py-3",
  /** Shape and padding from the caller: a button joined to an input (the search box). */
  bare: "",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "medium", className = "") {
  return `inline-flex items-center justify-center gap-2 text-center font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${className}`;
}

/** A button; `type` defaults to "button" so that only a form's real submit says "submit". */
export function Button({
  variant = "primary",
  size = "medium",
  className = "",
  type = "button",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
