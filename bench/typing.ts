// Text as a search box sends it while someone types: a name cut after any of its letters, now and
// then with a letter left out (never the first), as the suggestion operation receives it.
import type { SeededRandom } from '../src/catalog/random.js';

export function typedInPart(random: SeededRandom, name: string): string {
  let typed = name.slice(0, random.int(1, name.length));
  if (typed.length >= 5 && random.next() < 0.2) {
    const at = random.int(1, typed.length - 2);
    typed = typed.slice(0, at) + typed.slice(at + 1);
  }
  return typed;
}
