// Place names travellers type that name several well-known places, and the namesake a "did you
// mean" must offer besides the place answered (issue 14): [query, a country one of the
// alternatives must be in]. Written from what the names mean (each other place is a city of
// 100,000+ people or a capital), not from the service's answers. Then names whose meaning is
// clear, which must carry no alternatives at all.

export type AmbiguousCase = [query: string, alternativeCountry: string];

export const AMBIGUOUS_DESTINATIONS: AmbiguousCase[] = [
  ['Springfield', 'US'], // Missouri, Massachusetts, Illinois
  ['Portland', 'US'], // Oregon and Maine
  ['Cambridge', 'US'], // England, and Massachusetts (or Ontario, Canada)
  ['Birmingham', 'US'], // England and Alabama (either way round)
  ['San Jose', 'CR'], // California and Costa Rica's capital
  ['Valencia', 'VE'], // Spain and Venezuela (either way round)
  ['Richmond', 'CA'], // Virginia and British Columbia
  ['Kingston', 'CA'], // Jamaica's capital and Ontario
  ['Córdoba', 'ES'], // Argentina and Andalusia (either way round)
  ['Hamilton', 'NZ'], // Ontario, New Zealand, Bermuda
  // A smaller namesake with hotels of its own is offered however small (issue 47).
  ['London', 'CA'], // England, and Ontario (400,000 people)
];

/** Names nearly everyone means one way (their namesakes are towns with few hotels or none): no alternatives. */
export const CLEAR_DESTINATIONS: string[] = ['Paris', 'Tokyo', 'Lisbon', 'Rome', 'Amsterdam', 'New York', 'Sydney'];
