// The widget's built files (dist/widget, made by `npm run build` with esbuild from widget/src),
// read once when the service starts, with the site's name written in, and their hashes: the
// Subresource Integrity value pages pin the script with, and the ETag.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

export interface WidgetFile {
  body: Buffer;
  /** `sha384-…`, for a script tag's integrity attribute. */
  integrity: string;
  etag: string;
}

/**
 * Writes the site's name where the build left its placeholder: every character but letters,
 * digits and spaces as a \u escape, valid inside any JavaScript string or template literal.
 */
function withSiteName(code: string, siteName: string): string {
  const units = siteName.split('');
  const escaped = units.map((unit) => (/[A-Za-z0-9 ]/.test(unit) ? unit : `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('');
  return code.replaceAll('%%STAYS_SITE_NAME%%', escaped);
}

/** A built file of the widget, or null when the widget has not been built. */
export function widgetFile(name: 'v1.js' | 'v2.js' | 'builder.js', siteName: string): WidgetFile | null {
  const path = join(packageRoot(), 'dist', 'widget', name);
  if (!existsSync(path)) return null;
  const body = Buffer.from(withSiteName(readFileSync(path, 'utf8'), siteName));
  const digest = (algorithm: string) => createHash(algorithm).update(body).digest('base64');
  return { body, integrity: `sha384-${digest('sha384')}`, etag: `"${digest('sha256').slice(0, 27)}"` };
}
