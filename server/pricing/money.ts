import type { RoundingRule } from "./types";

/**
 * Integer money arithmetic for the pricing core. Amounts are minor units (two decimals); products
 * are computed in BigInt where they could pass 2^53, and every division rounds half up, once.
 */

const MICROS = 1_000_000n;

/** a / b rounded half up, for non-negative a and positive b. */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** round(amount × numerator / denominator), half up; amounts are non-negative. */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): number {
  assertMinor(amount);
  return Number(divideHalfUp(BigInt(amount) * BigInt(numerator), BigInt(denominator)));
}

export function assertMinor(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not an amount in minor units: ${amount}`);
}

/** US cents to the market's minor units at `rateMicros` (millionths), to the nearest minor unit. */
export function convertFromUsd(usdCents: number, rateMicros: number): number {
  assertMinor(usdCents);
  if (!Number.isSafeInteger(rateMicros) || rateMicros <= 0) throw new RangeError(`Not an exchange rate: ${rateMicros}`);
  return Number(divideHalfUp(BigInt(usdCents) * BigInt(rateMicros), MICROS));
}

/** Applies a market's rounding rule to an amount already in minor units. Zero stays zero. */
export function applyRounding(minor: number, rule: RoundingRule): number {
  assertMinor(minor);
  if (minor === 0 || rule === "exact") return minor;
  if (rule === "up_whole") return Math.ceil(minor / 100) * 100;
  // up_99: the smallest N.99 at or above the amount.
  return Math.ceil((minor + 1) / 100) * 100 - 1;
}

/**
 * Splits `total` into integer parts proportional to `weights` that add up to exactly `total`
 * (largest remainder; ties go to the earlier part). For spreading an order-level amount, such as a
 * discount, across lines without losing or inventing a cent.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  assertMinor(total);
  weights.forEach(assertMinor);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) throw new RangeError("allocate needs at least one weight");
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const big = weights.map((w) => BigInt(total) * BigInt(w));
  const parts = big.map((p) => Number(p / BigInt(sum)));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = big
    .map((p, i) => ({ i, r: p % BigInt(sum) }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}
