// The compact file format of the bundled area files (src/places/data: areas, sights, more-areas,
// islands), written by their derive scripts alike and read by src/places/areas.ts, whose AreaRow
// is the form of a line: an "about" line, the sources, then one area per line, sorted so a rerun
// writes the same bytes.
import type { AreaRow, AreaSource } from '../src/places/areas.js';
import { foldText } from '../src/text/fold.js';

/** An area as a derive script has it: the gazetteer's AreaSource, with keys of its own to write. */
export interface AreaEntry extends AreaSource {
  /** Keys written after the others, when set ("w": a Wikidata id, "src": "table"). */
  extra?: Record<string, string | undefined>;
}

export interface AreaSourceNote {
  what: string;
  repository: string;
  path: string;
  commit: string;
}

const KM_PER_DEGREE = 111.32;

/** Great-circle distance, km. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box [south, west, north, east] of `sideKm` a side around a point (kept within the poles, wrapped at 180°). */
export function squareBox(lat: number, lng: number, sideKm: number): [number, number, number, number] {
  const half = sideKm / 2 / KM_PER_DEGREE;
  const halfLng = half / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  const wrap = (x: number) => (x > 180 ? x - 360 : x < -180 ? x + 360 : x);
  return [Math.max(-90, lat - half), wrap(lng - halfLng), Math.min(90, lat + half), wrap(lng + halfLng)];
}

/** Aliases without the name itself, empty ones, or two that fold (src/text/fold.ts) alike. */
export function aliasesOf(name: string, aliases: string[]): string[] {
  const seen = new Set([foldText(name)]);
  const out: string[] = [];
  for (const alias of aliases) {
    const key = foldText(alias);
    if (!alias || !key || seen.has(key)) continue;
    seen.add(key);
    out.push(alias);
  }
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const down = (x: number) => Math.floor(x * 1000 + 1e-9) / 1000;
const up = (x: number) => Math.ceil(x * 1000 - 1e-9) / 1000;

/** The file's text: coordinates to 3 decimals, boxes rounded outwards. Sorts `entries` in place. */
export function areaFileText(about: string, sources: AreaSourceNote[], entries: AreaEntry[]): string {
  entries.sort((a, b) => foldText(a.name).localeCompare(foldText(b.name)) || a.kind.localeCompare(b.kind) || a.lat - b.lat || a.lng - b.lng);
  const lines = entries.map((e) => {
    const entry: AreaRow & Record<string, unknown> = {
      n: e.name,
      a: aliasesOf(e.name, e.aliases),
      k: e.kind,
      c: e.countries,
      ll: [round(e.lat), round(e.lng)],
      bb: [down(e.box[0]), down(e.box[1]), up(e.box[2]), up(e.box[3])],
    };
    if (e.point) entry.p = 1;
    for (const [key, value] of Object.entries(e.extra ?? {})) if (value !== undefined) entry[key] = value;
    return JSON.stringify(entry);
  });
  return (
    '{\n' +
    `"about": ${JSON.stringify(about)},\n` +
    '"sources": [\n' +
    sources.map((s) => JSON.stringify({ what: s.what, repository: s.repository, path: s.path, commit: s.commit })).join(',\n') +
    '\n],\n' +
    '"areas": [\n' +
    lines.join(',\n') +
    '\n]\n}\n'
  );
}
