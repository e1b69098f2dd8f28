// A feature of a GeoNames dump (island, area, lake, mountain, park, sight) as a place of the
// gazetteer: its label, its reach and the names it is found by, with their weights.
import { foldText } from '../text/fold.js';
import { FEATURE_KINDS, featureWeight, notability, TYPO_MIN_NOTABILITY, type FeatureSource } from './geonames-features.js';
import type { Place } from './place.js';

/** An alternate name means the feature a little less than its own name does (as for cities). */
const ALTERNATE_NAME_BONUS = -0.5;
/** Shorter alternate names are codes and abbreviations ("IOW"), not names travellers type for a feature. */
const MIN_ALTERNATE_LENGTH = 4;

export interface FeatureNames {
  /** Folded names with how much likelier than the place's population says each means it (log10). */
  names: Array<{ key: string; bonus: number; alternate: boolean }>;
  /** Folded names a typo may be read as. */
  typoNames: string[];
}

export interface FeatureSetting {
  countryName: string;
  /** Its first-level region's name, when the gazetteer knows the region. */
  regionName: string | undefined;
  regionKey: string;
  /** The town a sight stands in, for its label; null when none is close. */
  town: Place | null;
}

/**
 * The place of a feature. Every feature is searched as a point with a reach (kind `landmark`,
 * as the interface's kinds go: it has a centre, and no towns are filed under it), labelled as
 * cities are: "Mallorca, Balearic Islands, Spain", "Lake Como, Lombardy, Italy"; a sight by its
 * town, as the landmark list is: "Rialto Bridge, Venice, Italy".
 */
export function featurePlace(f: FeatureSource, setting: FeatureSetting): Place {
  const kind = FEATURE_KINDS.get(f.featureCode)!;
  const folded = foldText(f.name);
  const region = setting.regionName && foldText(setting.regionName) !== folded ? setting.regionName : null;
  const where = kind.sight && setting.town ? setting.town.name : region;
  return {
    id: `geonames:${f.geonameId}`,
    kind: 'landmark',
    name: f.name,
    label: [f.name, where, setting.countryName].filter(Boolean).join(', '),
    countryCode: f.countryCode,
    regionKey: setting.regionName ? setting.regionKey : null,
    lat: f.lat,
    lng: f.lng,
    population: 0,
    hasCentre: true,
    radiusKm: kind.radiusKm,
    nearestFirst: kind.sight,
  };
}

/** The names a feature is found by: its own at its weight, the others a little less; typos only for famous ones. */
export function featureNames(f: FeatureSource): FeatureNames {
  const weight = featureWeight(f);
  const own = foldText(f.name);
  const names: FeatureNames['names'] = [{ key: own, bonus: weight, alternate: false }];
  const seen = new Set([own]);
  for (const name of [f.asciiName, ...f.alternateNames]) {
    const key = foldText(name);
    if (key.length < MIN_ALTERNATE_LENGTH || seen.has(key) || /^[\d ]+$/.test(key)) continue;
    seen.add(key);
    names.push({ key, bonus: weight + ALTERNATE_NAME_BONUS, alternate: true });
  }
  const typoNames = notability(f) >= TYPO_MIN_NOTABILITY ? [...new Set([own, foldText(f.asciiName)])].filter(Boolean) : [];
  return { names, typoNames };
}
