// A destination search that found no place to answer, with the places it guessed (a reading that
// left out words or read letters otherwise, and did not win clearly): offered as "did you mean",
// never answered in their stead.
import { ServiceError } from '../errors.js';
import type { PlaceAlternative } from './schemas.js';

export class DestinationNotFound extends ServiceError {
  constructor(
    message: string,
    readonly alternatives: PlaceAlternative[],
  ) {
    const guesses = alternatives.map((a) => `${a.label} (place_id ${a.place_id})`).join('; ');
    super('not_found', alternatives.length > 0 ? `${message}; it may mean: ${guesses}` : message);
  }
}
