// Destinations that name no place but say something else: where the traveller stands ("hotels
// near me"), or what hotel is wanted ("best hotels"). The resolver does not read them as places
// (not Montenegro, not the town of Best); the search says what to send instead.
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

/** Why a destination text names no place, when it says so itself. */
export type NoPlaceReason = 'near-the-traveller' | 'wish';

export function whyNoPlace(destination: string): NoPlaceReason | null {
  const text = foldText(destination);
  if (NEAR_THE_TRAVELLER.test(text)) return 'near-the-traveller';
  return WISH_ONLY.test(text) ? 'wish' : null;
}
