// Photos of the demo catalog: invented hotels have no real photos, so the service draws one
// for each address it hands out (a sky, a sun, a building with lit windows), the same every
// time for the same address. Pages built on the demo then look as they will with real photos.
import { fnv1a } from '../text/fnv.js';

/** The path, under the service, of the demo photos. */
export const DEMO_PHOTOS_PATH = '/demo/photos';

/** Where the demo catalog's photos are served: the service's public address, else this machine's port. */
export function demoPhotoBase(config: { PUBLIC_BASE_URL?: string; PORT: number }): string {
  return `${config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT || 8080}`}${DEMO_PHOTOS_PATH}`;
}

/** An address a demo photo may have: the hotel's path without "hotel/", then the photo's number. */
const PHOTO_PATH = /^[a-z0-9-]+(?:\/[a-z0-9-]+){1,4}\/[1-9]\.svg$/;

const SKIES: Array<[number, number]> = [
  [205, 35], [195, 25], [18, 30], [265, 45], [170, 30], [35, 20],
];

/** The picture at `path` (below DEMO_PHOTOS_PATH), or null when no demo photo has that address. */
export function demoPhotoSvg(path: string): string | null {
  if (!PHOTO_PATH.test(path)) return null;
  const seed = fnv1a(path);
  const bits = (shift: number, range: number) => ((seed >>> shift) & 0xff) % range;
  const [skyHue, groundHue] = SKIES[bits(0, SKIES.length)];
  const floors = 3 + bits(8, 6);
  const columns = 4 + bits(16, 5);
  const width = columns * 46 + 30;
  const height = floors * 52 + 40;
  const left = 400 - width / 2 + (bits(24, 9) - 4) * 20;
  const top = 440 - height;
  const sunX = 120 + bits(4, 560);
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < columns; c++) {
      const lit = ((seed >>> ((f * columns + c) % 29)) & 3) !== 0;
      windows.push(`<rect x="${left + 22 + c * 46}" y="${top + 24 + f * 52}" width="24" height="30" rx="3" fill="${lit ? '#ffe9a8' : '#49566b'}"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 533" width="800" height="533">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${skyHue} 65% 62%)"/>` +
    `<stop offset="1" stop-color="hsl(${skyHue + 25} 70% 86%)"/></linearGradient></defs>` +
    `<rect width="800" height="533" fill="url(#s)"/>` +
    `<circle cx="${sunX}" cy="110" r="46" fill="#fff6d5" opacity=".9"/>` +
    `<rect y="440" width="800" height="93" fill="hsl(${groundHue + 90} 35% 42%)"/>` +
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="6" fill="#2f3a4d"/>` +
    `<rect x="${left - 10}" y="${top - 14}" width="${width + 20}" height="18" rx="4" fill="#243043"/>` +
    windows.join('') +
    `<rect x="${left + width / 2 - 22}" y="${440 - 46}" width="44" height="46" rx="4" fill="#c9a86a"/>` +
    `<text x="790" y="522" text-anchor="end" font-family="sans-serif" font-size="16" fill="#ffffff" opacity=".8">demo photo</text>` +
    `</svg>`
  );
}
