// Typed arrays that a structure writes while it answers (seen-stamps, a search's stack, the
// slots of a top-k), as opposed to the data it answers from. A saved graph keeps only their
// length and resting value: they are made anew when it is read. That is what lets serving
// threads share one copy of an index's data (views onto one SharedArrayBuffer) while each keeps
// its own scratch space: two threads writing the same stamps would corrupt each other's answers.
type NumberArray = ArrayBufferView & { fill(value: number): unknown };

/** Each scratch array's resting value: what every slot holds between queries. */
const scratchArrays = new WeakMap<ArrayBufferView, number>();

/** Marks `array` as scratch space whose slots rest at `resting` between queries (it is filled with it), and gives it back. */
export function scratch<T extends NumberArray>(array: T, resting = 0): T {
  if (resting !== 0) array.fill(resting);
  scratchArrays.set(array, resting);
  return array;
}

/** The resting value of a scratch array, or undefined for data. */
export function scratchResting(value: ArrayBufferView): number | undefined {
  return scratchArrays.get(value);
}
