// When a reading of a destination is only a guess, and when a guess is good enough to answer.
// A reading guesses when it leaves out words the traveller typed ("Casablanca Valley" read as
// Casablanca) or reads letters otherwise than typed ("Yarra" as Yara). Such a reading answers
// only when it wins by a clear margin over answering nothing: a wrong place thousands of
// kilometres away is worse than a 404 that offers the guesses as alternatives.
import { haversineKm } from '../search/geo.js';
import type { Place } from './place.js';

/**
 * What the words a reading left out say about the place it read:
 * - `feature`: a feature of the land that a town of the same name rarely is ("Hoover Dam" is not
 *   Hoover, Alabama; "Colca Canyon", "Dingle Peninsula", "Aran Islands", "Mount Batur"): only an
 *   area or a sight answers.
 * - `island`: one island ("Crete island", "Phuket island"): the region or town of that name
 *   usually is the island, unless namesakes elsewhere contest it.
 * - `around`: a valley, mountains or a wine region, often named after the town or region it
 *   holds ("Kullu Valley", "Sintra mountains", "Kerala backwaters"), but as often a namesake far
 *   away ("Casablanca Valley" is Chile's, "Shenandoah Valley" not Louisiana's): the town or
 *   region answers only when no namesake far away (CONTESTING_KM) contests it.
 * - `shore`: a beach, bay, coast or lake, nearly always the town's own ("Porto beach", "Lake
 *   Ohrid", "Tampa Bay"): the town answers unless a namesake far away is nearly as well known.
 * - `built`: a sight built in a town ("Brooklyn Bridge", "Taipei 101"): a well-known town only
 *   ("Rialto Bridge" is Venice's, not Rialto, California's).
 * - `other`: other words (a hotel's or a district's name), `nothing`: none.
 * `countries`: where the language of the words is spoken, when they are not English ("Val
 * Gardena" is in Italy, not Gardena, California; "Valle de Cocora" not in Romania).
 */
export interface LeftOut {
  says: 'nothing' | 'other' | 'feature' | 'island' | 'around' | 'shore' | 'built';
  countries?: ReadonlySet<string>;
}

export const NOTHING_LEFT_OUT: LeftOut = { says: 'nothing' };

const FEATURE = /\b(?:islands|isles|islas|isole|iles|inseln|ilhas|atoll|canyon|gorge|glen|dam|falls|waterfall|desert|glacier|volcano|peninsula|cape|national park|nature reserve|park|sierra)\b/;
const ISLAND = /\b(?:island|isle|isla|isola|ile|insel|ilha|koh|ko)\b/;
const AROUND = /\b(?:valley|valleys|vale|valle|val|vallee|tal|delta|mount|mt|mountains?|monte|mont|peak|forest|backwaters|archipelago|wine region|vineyards)\b/;
const SHORE = /\b(?:lakes?|lago|lac|loch|see|coast|coastline|costa|cote|shore|riviera|bay|beach|beaches|playa|plage|praia|spiaggia)\b/;
const BUILT = /\b(?:bridge|tower|sign|square|palace|castle|cathedral|temples?|mosque|church|basilica|abbey|monastery|ruins|fort|fortress|museum|gardens?|market|station|skytree|stadium|zoo|\d+)\b/;
/** Words that join a kind to a name: "Isle of Skye", "Valle de Guadalupe". */
const JOINING = /\b(?:of|the|de|del|della|di|da|do|dos|das|du|des|la|le|los|las)\b/g;

const SPANISH = ['ES', 'MX', 'AR', 'CL', 'CO', 'PE', 'VE', 'EC', 'GT', 'CU', 'BO', 'DO', 'HN', 'PY', 'SV', 'NI', 'CR', 'PA', 'UY', 'PR', 'GQ'];
const ITALIAN = ['IT', 'CH', 'SM', 'VA', 'MT'];
const FRENCH = ['FR', 'BE', 'CH', 'LU', 'MC', 'CA', 'RE', 'GP', 'MQ', 'GF', 'PF', 'NC', 'YT', 'PM', 'SN', 'CI', 'MA', 'TN', 'DZ', 'HT', 'MU', 'SC', 'MG'];
const GERMAN = ['DE', 'AT', 'CH', 'LI', 'LU', 'IT', 'BE'];
const PORTUGUESE = ['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL', 'MO'];
/** Words for a kind in one language or a few, and where those are spoken. */
const SPOKEN_WHERE: [RegExp, string[]][] = [
  [/\b(?:valle|lago|monte|costa)\b/, [...SPANISH, ...ITALIAN, ...PORTUGUESE]],
  [/\b(?:isla|islas|playa|sierra)\b/, SPANISH],
  [/\b(?:val)\b/, [...ITALIAN, ...FRENCH, ...SPANISH]],
  [/\b(?:isola|isole|spiaggia)\b/, ITALIAN],
  [/\b(?:vallee|lac|ile|iles|plage|cote|mont)\b/, FRENCH],
  [/\b(?:tal|see|insel|inseln)\b/, GERMAN],
  [/\b(?:ilha|ilhas|praia)\b/, PORTUGUESE],
];

/** What the words left out of a reading say (folded text; '' when none). */
export function whatLeftOutSays(words: string): LeftOut {
  if (words.trim() === '') return NOTHING_LEFT_OUT;
  // Words that name something else as well ("South Beach Miami": a district, then its city) say
  // nothing about the place read: only words for a kind, with what joins them, do.
  const unexplained = words.replace(FEATURE, ' ').replace(ISLAND, ' ').replace(AROUND, ' ').replace(SHORE, ' ').replace(BUILT, ' ').replace(JOINING, ' ').trim();
  if (unexplained !== '') return { says: 'other' };
  const spoken = SPOKEN_WHERE.filter(([pattern]) => pattern.test(words)).flatMap(([, countries]) => countries);
  const countries = spoken.length > 0 ? new Set(spoken) : undefined;
  const says = FEATURE.test(words) ? 'feature' : ISLAND.test(words) ? 'island' : AROUND.test(words) ? 'around' : SHORE.test(words) ? 'shore' : 'built';
  return { says, countries };
}

/**
 * How likely (log10, as `likelihood` counts it: people and hotels) a town must be to stand for a
 * sight named after it: a town of a million, or a smaller one with many hotels (Hollywood).
 */
export const TOWN_FOR_A_SIGHT = 6;
/**
 * How likely a town read through typos must still be, its typos counted: a city of about
 * 100,000 typed one letter off ("Barcelna"), not a village of Cuba for "Yarra".
 */
export const TYPO_TOWN_FLOOR = 4;
/** A namesake far away at most this much less known (log10, people alone) contests a reading. */
export const CONTESTING_MARGIN = 2.5;
/** A namesake far away at most this much less known contests a town named for its shore. */
export const SHORE_CONTESTING_MARGIN = 1;
/** ...when this far from the place read, or farther (km). */
export const CONTESTING_KM = 300;

/** A place a guess may answer with: how likely it is with its hotels and without (log10, typos counted). */
export interface Guess {
  place: Place;
  score: number;
  meaning: number;
  typos: number;
  /** The text is one of the place's other names only. */
  alternate: boolean;
}

const isFeature = (place: Place) => place.kind === 'area' || place.kind === 'landmark';

/** Whether `guess` is good enough to answer, among `all` the guesses of the same reading. */
export function answersAGuess(guess: Guess, all: readonly Guess[], leftOut: LeftOut): boolean {
  const { place } = guess;
  if (guess.typos > 0 && place.kind === 'city' && guess.score < TYPO_TOWN_FLOOR) return false;
  if (leftOut.countries && !leftOut.countries.has(place.countryCode)) return false;
  const contested = (margin = CONTESTING_MARGIN) =>
    all.some(
      (other) =>
        other.place !== place &&
        !other.alternate &&
        other.meaning >= guess.meaning - margin &&
        haversineKm(place.lat, place.lng, other.place.lat, other.place.lng) >= CONTESTING_KM,
    );
  switch (leftOut.says) {
    case 'feature':
      return isFeature(place);
    case 'island':
      return isFeature(place) || place.kind === 'region' || !contested();
    case 'around':
      return isFeature(place) || !contested();
    case 'shore':
      return isFeature(place) || !contested(SHORE_CONTESTING_MARGIN);
    case 'built':
      return isFeature(place) || guess.score >= TOWN_FOR_A_SIGHT;
    default:
      return true;
  }
}
