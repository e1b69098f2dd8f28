// How the property tests run: PROPERTY_RUNS sets the runs per property (30 by default;
// `npm run fuzz` runs 2000). Seeds are random; a failure prints its seed and path:
// PROPERTY_SEED=<seed> PROPERTY_PATH=<path> with the test file and `-t '<test name>'` replays
// that counterexample.
import fc from 'fast-check';

export const RUNS = Math.max(1, Number(process.env.PROPERTY_RUNS) || 30);
export const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
export const PATH = process.env.PROPERTY_PATH || undefined;
/** Per test: generous, as a failing property shrinks its counterexample with more requests. */
export const TIMEOUT = 120_000 + RUNS * 300;

export function check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, runs = RUNS): Promise<void> {
  return fc.assert(fc.asyncProperty(arbitrary, predicate), {
    numRuns: runs,
    seed: SEED,
    path: PATH,
    // Shrinking replays requests: bound the whole, and count a run cut short as a failure
    // rather than as a pass.
    interruptAfterTimeLimit: 60_000 + runs * 250,
    markInterruptAsFailure: true,
  });
}

/** Says which seed a replay runs with (once a test file's services are up). */
export function announceSeed(): void {
  if (SEED !== undefined) console.log(`property tests: seed ${SEED}, ${RUNS} runs each`);
}
