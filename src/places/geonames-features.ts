// Places travellers go to that are not towns: islands, coasts and areas, lakes, valleys,
// mountains, parks and sights, read from the same GeoNames "geoname" table as the cities
// (allCountries.txt and the per-country files mix every feature class). They have no
// population, so how well known a feature is comes from the alternate names file: how many
// languages name it and how many Wikipedia articles it has. That decides whether it is kept
// at all and how it ranks against towns, regions and other features of the same name.
import type { GeonamesPlace } from './gazetteer-sources.js';
import { GeoNamesFormatError, placeOfRow } from './geonames-dump.js';

export interface FeatureSource extends GeonamesPlace {
  /** GeoNames feature class and code: `T.ISL`, `H.LK`, `S.CSTL`. */
  featureCode: string;
  /** Languages that name it (the alternate names file's language codes). */
  languages: number;
  /** Wikipedia articles about it (links to distinct Wikipedias). */
  wikipedia: number;
  /** One of them is the English Wikipedia's. */
  english: boolean;
}

export interface FeatureKind {
  /** How far (km) from its centre a search by the feature looks for hotels. */
  radiusKm: number;
  /** Least notability (see `notability`) a feature of this code needs to be kept. */
  minNotability: number;
  /** Labelled by the town it stands in ("Rialto Bridge, Venice, Italy") rather than its region. */
  sight: boolean;
}

const area = (radiusKm: number, minNotability = 4): FeatureKind => ({ radiusKm, minNotability, sight: false });
const sight = (radiusKm: number, minNotability = 6): FeatureKind => ({ radiusKm, minNotability, sight: true });

/**
 * The feature codes read, with the radius a search by them uses. GeoNames gives no size, so
 * the radius is one per code: wide enough for a typical island, coast or range, from its
 * centre; a big island loses its far shores, a small one takes in hotels across the water.
 * Codes not listed are never read: hotels and resorts (S.HTL, S.RSRT), airports (they come
 * from their own data), stations, schools, offices and every other ordinary building or spot.
 */
export const FEATURE_KINDS: ReadonlyMap<string, FeatureKind> = new Map([
  // Islands and island groups, peninsulas and capes.
  ['T.ISL', area(25)],
  ['T.ISLS', area(50)],
  ['T.ATOL', area(15)],
  ['T.ISLT', area(10)],
  ['T.ISLF', area(5)],
  ['T.PEN', area(30)],
  ['T.CAPE', area(10, 8)],
  // Regions, areas and coasts that are not administrative divisions.
  ['L.RGN', area(40)],
  ['L.RGNH', area(40)],
  ['L.AREA', area(25)],
  ['L.CST', area(30)],
  ['L.LCTY', area(10, 8)],
  // Lakes, bays, valleys, canyons, ranges, forests and parks.
  ['H.LK', area(15)],
  ['H.LKS', area(20)],
  ['H.BAY', area(20, 8)],
  ['T.VAL', area(20)],
  ['T.VALS', area(20)],
  ['T.CNYN', area(20)],
  ['T.MTS', area(30)],
  ['V.FRST', area(20)],
  ['L.PRK', area(10)],
  ['L.RESN', area(10, 8)],
  // Mountains, peaks and volcanoes: only well-known ones (countless peaks have an article).
  ['T.MT', area(10, 20)],
  ['T.PK', area(10, 20)],
  ['T.VLC', area(10, 20)],
  // Sights, labelled by their town.
  ['S.CSTL', sight(3)],
  ['S.PAL', sight(3)],
  ['S.MUS', sight(3)],
  ['S.MNMT', sight(3)],
  ['S.TOWR', sight(3)],
  ['S.BDG', sight(3)],
  ['S.TMPL', sight(3)],
  ['S.CH', sight(3)],
  ['S.MSQE', sight(3)],
  ['S.SYG', sight(3)],
  ['S.MSTY', sight(3)],
  ['S.SHRN', sight(3)],
  ['S.PGDA', sight(3)],
  ['S.RUIN', sight(3)],
  ['S.HSTS', sight(3)],
  ['S.ANS', sight(3)],
  ['S.AMTH', sight(3)],
  ['S.PYR', sight(3)],
  ['S.PYRS', sight(3)],
  ['S.TMB', sight(3)],
  ['S.FT', sight(3)],
  ['S.ZOO', sight(3)],
  ['S.GDN', sight(3)],
  ['S.SQR', sight(3)],
  ['S.OPRA', sight(3)],
  ['S.ARCH', sight(3)],
  ['S.GATE', sight(3)],
  ['S.WALL', sight(3)],
  ['S.OBPT', sight(3)],
  ['S.LTHSE', sight(3)],
  ['S.STDM', sight(3, 10)],
  // Buildings are mostly ordinary: only famous ones (Taipei 101, the Empire State Building).
  ['S.BLDG', sight(3, 12)],
  ['S.BLDO', sight(3, 12)],
  ['L.AMUS', sight(5)],
  ['H.FLLS', sight(5)],
  ['T.BCH', sight(3)],
]);

/** The kind of a geoname row's feature class and code, or undefined when it is not read. */
export function featureKind(featureClass: string, featureCode: string): FeatureKind | undefined {
  return FEATURE_KINDS.get(`${featureClass}.${featureCode}`);
}

/**
 * How well known a feature is: the languages that name it, and each Wikipedia article counted
 * twice (an article is a stronger sign than a name, and a name in a language often has one).
 */
export function notability(f: Pick<FeatureSource, 'languages' | 'wikipedia'>): number {
  return f.languages + 2 * f.wikipedia;
}

/** Kept as a destination: an English Wikipedia article or two articles, and enough names for its code. */
export function isNotable(f: Pick<FeatureSource, 'languages' | 'wikipedia' | 'english' | 'featureCode'>): boolean {
  const kind = FEATURE_KINDS.get(f.featureCode);
  return kind !== undefined && (f.english || f.wikipedia >= 2) && notability(f) >= kind.minNotability;
}

/**
 * A feature's weight against towns of the same name, in log10 of people: 2·log10(1 + notability)
 * over the base every place has, at most that of a town of 250,000. A feature named in four
 * languages weighs like a village of 250 people, one with twenty names and articles like a town
 * of 4,000, one with a hundred like a city of 100,000. A famous island beats a small town of
 * its name; a big city beats any feature.
 */
export function featureWeight(f: Pick<FeatureSource, 'languages' | 'wikipedia'>): number {
  return Math.min(MAX_FEATURE_WEIGHT, 2 * Math.log10(1 + notability(f)));
}
const MAX_FEATURE_WEIGHT = 4.4;

/** Features this well known are also found through a typo in their own name ("Mallorka"). */
export const TYPO_MIN_NOTABILITY = 40;

/**
 * Language codes that say nothing of how well known a feature is: Wikipedias whose articles a
 * program wrote from GeoNames itself, one for nearly every feature.
 */
const BOT_LANGUAGES = new Set(['ceb', 'war']);
/** Kinds of alternate name that are not a language: codes, links, abbreviations, old forms. */
const NOT_LANGUAGES = new Set(['link', 'wkdt', 'post', 'iata', 'icao', 'faac', 'unlc', 'phon', 'piny', 'tcid', 'fr_1793', 'abbr']);
const WIKIPEDIA = /^https?:\/\/([a-z-]+)\.(?:m\.)?wikipedia\.org\//i;

/** What the alternate names file says of one feature: its names and how well known it is. */
export class FeatureNotes {
  readonly names: string[] = [];
  private readonly languages = new Set<string>();
  private readonly wikis = new Set<string>();

  /** Takes one row of the alternate names file: its language (or kind) and its name. */
  add(language: string, name: string): void {
    if (language === 'link') {
      const wiki = WIKIPEDIA.exec(name)?.[1];
      if (wiki) this.wikis.add(wiki.toLowerCase());
      return;
    }
    const code = language.toLowerCase().split('-')[0];
    if (code !== '' && !NOT_LANGUAGES.has(code) && !BOT_LANGUAGES.has(code)) this.languages.add(code);
  }

  counts(): { languages: number; wikipedia: number; english: boolean } {
    return { languages: this.languages.size, wikipedia: this.wikis.size, english: this.wikis.has('en') };
  }
}

/** Feature codes held compactly by geonameid: which ids of the dump are features worth judging. */
export class FeatureIds {
  private marks = new Uint8Array(1 << 20);
  private readonly codes: string[] = [''];
  private readonly codeIndex = new Map<string, number>();

  mark(id: number, featureCode: string): void {
    if (!Number.isInteger(id) || id < 0) return;
    if (id >= this.marks.length) {
      let length = this.marks.length;
      while (length <= id) length *= 2;
      const grown = new Uint8Array(length);
      grown.set(this.marks);
      this.marks = grown;
    }
    let index = this.codeIndex.get(featureCode);
    if (index === undefined) {
      index = this.codes.length;
      this.codes.push(featureCode);
      this.codeIndex.set(featureCode, index);
    }
    this.marks[id] = index;
  }

  /** The feature code of an id marked, or undefined. */
  codeOf(id: number): string | undefined {
    const index = id >= 0 && id < this.marks.length ? this.marks[id] : 0;
    return index === 0 ? undefined : this.codes[index];
  }
}

/**
 * The feature of a geoname row (its 19 columns already split), checked as a city's row is, or
 * null when its class and code are not read. A row of a read code without a country (a few
 * features lie across borders or at sea) is skipped: no country, no label.
 */
export function featureOfRow(f: string[], number: number, file: string): Omit<FeatureSource, 'languages' | 'wikipedia' | 'english'> | null {
  if (!featureKind(f[6], f[7])) return null;
  const place = placeOfRow(f, number, file, 'skip');
  if (!place) return null;
  if (place.name === '') throw new GeoNamesFormatError(file, number, 'the name is empty');
  return { ...place, featureCode: `${f[6]}.${f[7]}` };
}
