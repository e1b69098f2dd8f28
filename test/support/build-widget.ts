// Vitest's global setup: the tests serve the widget from dist/widget, so it is built from the
// sources under test first (esbuild, well under a second), not taken from an older build.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['widget/build.mjs'], { stdio: 'inherit' });
}
