/**
 * A small seeded generator (mulberry32) for the pricing property tests and the bench: the same
 * seed gives the same configurations on every machine, so a failure can be replayed.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** A whole number from min to max, both included. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** A decimal string from 0 to max with up to `places` decimals, built from integers (no float maths). */
  const decimal = (max: number, places: number) => {
    const scaled = BigInt(int(0, max * 10 ** places));
    const text = scaled.toString().padStart(places + 1, '0');
    return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
  };
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, decimal, pick };
}
