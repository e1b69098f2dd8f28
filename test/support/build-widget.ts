// Vitest's global setup: the tests serve the widget from dist/widget and the console from
// dist/console, so both are built from the sources under test first (esbuild, well under a
// second each), not taken from an older build.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['widget/build.mjs'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['console/build.mjs'], { stdio: 'inherit' });
}
