/**
 * A product without options (a memory card, a screen protector) has exactly one variant, the
 * default, which holds its stock and image. Its name is empty: nothing about it is a colour, so
 * nothing is shown where a colour would be (picker, cart line, order line, emails).
 */
export const DEFAULT_VARIANT = { name: "", hex: "#ffffff" } as const;

export const isDefaultVariant = (name: string) => name === DEFAULT_VARIANT.name;

/** The product has colours to choose from: some variants, and not a lone default one. */
export const hasColours = (variants: { name: string }[]) => variants.length > 0 && !(variants.length === 1 && isDefaultVariant(variants[0].name));

/** "R36S Retro Handheld (Purple)", or just the title for a product without options. */
export const itemLabel = (title: string, variantName: string) => (isDefaultVariant(variantName) ? title : `${title} (${variantName})`);
