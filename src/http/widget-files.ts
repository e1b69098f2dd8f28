// The widget's built files (dist/widget, made by `npm run build` with esbuild from widget/), read
// once when the service starts, and their hashes: the Subresource Integrity value pages pin the
// script with, and the ETag. A released version's bytes never change, whatever the service's
// configuration: they are served exactly as built (v1.js, v2.js and v3.js with its catalogs as
// released, widget/frozen/; v4.js and its catalogs from the source), and what varies by deployment
// (the service's name) is fetched by the widget from /widget/settings.json.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

export interface WidgetFile {
  body: Buffer;
  /** `sha384-…`, for a script tag's integrity attribute. */
  integrity: string;
  etag: string;
}

/** The released versions of the widget's script, oldest first; every one is served for ever. */
export const WIDGET_VERSIONS = ['v1.js', 'v2.js', 'v3.js', 'v4.js'] as const;
export type WidgetVersion = (typeof WIDGET_VERSIONS)[number];

/** The widget's current version: what builders write into snippets and embed pages load (at /widget/v4.js). */
export const CURRENT_WIDGET: WidgetVersion = 'v4.js';
/** The current version's interface texts beside English, one file per language: /widget/v4/messages/de.json. */
export const CURRENT_WIDGET_MESSAGES = 'v4/messages';
/** Every version's folder of catalogs (v3 on; v1 and v2 are English only): each served for ever, as its script fetches it. */
export const WIDGET_MESSAGE_FOLDERS = ['v3/messages', CURRENT_WIDGET_MESSAGES] as const;

const widgetDir = () => join(packageRoot(), 'dist', 'widget');

function fileOf(body: Buffer): WidgetFile {
  const digest = (algorithm: string) => createHash(algorithm).update(body).digest('base64');
  return { body, integrity: `sha384-${digest('sha384')}`, etag: `"${digest('sha256').slice(0, 27)}"` };
}

/**
 * A built file of the widget, or null when the widget has not been built. Its bytes are the built
 * file's, whatever the service is called (the second argument is no longer read; it is accepted
 * so that callers written for v2, which had the name written in, keep working).
 */
export function widgetFile(name: WidgetVersion | 'builder.js', _siteName?: string): WidgetFile | null {
  const path = join(widgetDir(), name);
  return existsSync(path) ? fileOf(readFileSync(path)) : null;
}

let current: WidgetFile | null = null;

/** The current version's file, read once it has been built. */
export function currentWidget(): WidgetFile | null {
  current ??= widgetFile(CURRENT_WIDGET);
  return current;
}

/** The current version's integrity (`sha384-…`) for a script tag, or null when the widget has not been built. */
export function currentWidgetIntegrity(): string | null {
  return currentWidget()?.integrity ?? null;
}

/** A version's catalogs by file name ("de.json", "zh-Hant.json"): empty when not built. */
export function widgetCatalogs(folder: (typeof WIDGET_MESSAGE_FOLDERS)[number] = CURRENT_WIDGET_MESSAGES): Map<string, WidgetFile> {
  const dir = join(widgetDir(), folder);
  const catalogs = new Map<string, WidgetFile>();
  if (!existsSync(dir)) return catalogs;
  for (const name of readdirSync(dir)) if (name.endsWith('.json')) catalogs.set(name, fileOf(readFileSync(join(dir, name))));
  return catalogs;
}

/** What the widget fetches of the deployment (GET /widget/settings.json): the name its credit gives the service. */
export function widgetSettings(serviceName: string): WidgetFile {
  return fileOf(Buffer.from(JSON.stringify({ service_name: serviceName })));
}
