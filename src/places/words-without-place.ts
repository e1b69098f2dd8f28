// Destinations that name no place but say something else: where the traveller stands ("hotels
// near me"), what hotel is wanted ("best hotels"), or what kind of place ("island", "the lake").
// The resolver does not read them as places (not Montenegro, not the town of Best, not Iceland
// for "island" nor Valley, Alabama for "valley"); the search says what to send instead.
import { foldText } from '../text/fold.js';

/** Words that say what hotel is wanted, not where (a regular expression's alternatives). */
export const WISHES = 'best|top|cheap|cheapest|good|great|nice|luxury|luxurious|budget|boutique|family|romantic|affordable|new';
/** ...and all of them: "best hotels" is not the town of Best. */
export const HOTEL_WORDS = new RegExp(`^(?:the )?(?:${WISHES})$`);

/**
 * Where the traveller is, which text cannot say, alone or after what is wanted there: "hotels
 * near me" is not Montenegro (ME), nor "Hilton near me".
 */
export const NEAR_THE_TRAVELLER =
  /(?:^| )(?:(?:near|around|close to) (?:me|here|us|my location)|nearby|near here|close by|around here|(?:my|my current|current) location)$/;

/** A text made only of wishes and words for hotels: "cheap hotels", "the best hotel", "hotels". */
const WISH_ONLY = new RegExp(`^(?:(?:the|a|an|${WISHES}) )*(?:${WISHES}|hotels?|rooms?|accommodations?|places? to stay)$`);

/**
 * Words that say what kind of place, around its name: "Koh Samui island", "Lake Garda", "Sonoma
 * Valley", "Mount Rushmore", "Yosemite National Park" (folded; English, and the languages the
 * gazetteer reads names in). Never a place of their own, nor read as a code ("mt" is no Malta).
 */
const FEATURE_WORDS =
  'islands?|isles?|isla|islas|isola|isole|ile|iles|insel|inseln|ilha|ilhas|koh|ko|atoll|archipelago|' +
  'valley|valleys|vale|valle|vallee|delta|lakes?|lago|lac|loch|see|coast|coastline|shore|riviera|bay|beach|beaches|' +
  'playa|plage|praia|spiaggia|mount|mt|mountains?|monte|mont|peak|volcano|dam|falls|waterfall|canyon|gorge|' +
  'desert|peninsula|cape|glacier|forest|national park|nature reserve|park|airport|old town|downtown|city cent(?:re|er)';
/** What a sight is: words after its name ("Pompeii ruins", "Borobudur temple"). */
export const SIGHT_WORDS = 'ruins|temples?|temple complex|archaeological site|cathedral|castle|palace|monastery|vineyards|wine region|backwaters';

/**
 * A word (or two) of FEATURE_WORDS or SIGHT_WORDS, whole: never a place among other words (not
 * Temple, Texas, in "Borobudur temple"). Typed alone, a sight's word may be a town's name, and is.
 */
export const FEATURE_WORD = new RegExp(`^(?:${FEATURE_WORDS}|${SIGHT_WORDS})$`);
/** A text that names only a kind of place: "island", "the lake", "beach hotels", "hotels near the airport". */
const FEATURE_ONLY = new RegExp(
  `^(?:(?:the|a|an|${WISHES}) )*(?:(?:hotels?|rooms?|places? to stay) (?:in|on|at|near|by|around|close to) (?:the )?)?` +
    `(?:${FEATURE_WORDS})(?: (?:hotels?|rooms?))?$`,
);

export const namesOnlyAKind = (foldedText: string): boolean => FEATURE_ONLY.test(foldedText);

/** Why a destination text names no place, when it says so itself. */
export type NoPlaceReason = 'near-the-traveller' | 'wish' | 'kind';

export function whyNoPlace(destination: string): NoPlaceReason | null {
  const text = foldText(destination);
  if (NEAR_THE_TRAVELLER.test(text)) return 'near-the-traveller';
  if (namesOnlyAKind(text)) return 'kind';
  return WISH_ONLY.test(text) ? 'wish' : null;
}

/** Words for a kind of place before a name: "Lake Garda", "Isle of Skye", "Mount Rushmore", "Koh Samui". */
const KIND_BEFORE = new RegExp(
  '^(?:the )?(?:(?:isles?|islands?) of(?: the)?|isla(?: de)?|isola(?: di)?|ile(?: de)?|ilha(?: de)?|koh|ko|lake|lago(?: di| de)?|' +
    'lac(?: de)?|loch|mount|mt|monte|mont|cape|valle(?: de| del)?|vallee(?: de)?|playa(?: de)?|praia(?: da| do)?) (?=.)',
);
/** ...and after it: "Sonoma Valley", "Okavango Delta", "Yosemite National Park", "Koh Samui island". */
const KIND_AFTER = new RegExp(
  ` (?:islands?|isle|valley|delta|lake|coast|coastline|bay|beach|beaches|mountains?|falls|dam|canyon|gorge|desert|peninsula|national park|park|glacier|forest|volcano|riviera|atoll|archipelago|${SIGHT_WORDS})$`,
);
/** A name left without its kind words is read only when it is a name, not a code ("Cape To" is no Tonga). */
const MIN_NAME_LEFT = 4;

/** A name without the words for its kind around it, each way of leaving them out, fewest left out first. */
export function withoutKindWords(text: string): string[] {
  const found: string[] = [];
  const after = text.replace(KIND_AFTER, '');
  for (const name of [after, text.replace(KIND_BEFORE, ''), after.replace(KIND_BEFORE, '')]) {
    if (name !== text && name.length >= MIN_NAME_LEFT && !found.includes(name)) found.push(name);
  }
  return found;
}
