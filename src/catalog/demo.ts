// The demo catalog: invented hotels placed around real cities of the gazetteer, generated
// the same way on every machine, so a newcomer gets real answers from the first start.
// Every record says in its description that it is invented.
import type { Gazetteer } from '../places/gazetteer.js';
import type { Place } from '../places/place.js';
import { haversineKm } from '../search/geo.js';
import { foldText, slugify } from '../text/fold.js';
import type { HotelRecord } from './hotel.js';
import { SeededRandom, seedOf } from './random.js';

export const DEMO_SOURCE = 'demo catalog (invented hotels)';
export const DEMO_DEFAULT_COUNT = 50_000;
/** A photo address of the reserved .example domain, for demo hotels written where no service draws them. */
const UNSERVED_PHOTOS = 'https://photos.stays.example/demo';
const DEMO_SEED = 20_261_123;

/** Cities smaller than this get no demo hotels. */
const MIN_POPULATION = 100_000;

const CORES = [
  'Aurora', 'Belvedere', 'Cedar', 'Coral', 'Cypress', 'Dahlia', 'Ember', 'Fjord', 'Garnet', 'Harbour',
  'Indigo', 'Juniper', 'Kestrel', 'Lantern', 'Laurel', 'Magnolia', 'Meridian', 'Mistral', 'Nova', 'Oasis',
  'Olive', 'Onyx', 'Opal', 'Orchid', 'Pinnacle', 'Quartz', 'Regent', 'Riviera', 'Saffron', 'Sapphire',
  'Sequoia', 'Solstice', 'Sterling', 'Tamarind', 'Terrace', 'Topaz', 'Tulip', 'Velvet', 'Verbena', 'Willow',
  'Zephyr', 'Alder', 'Amber', 'Anchor', 'Beacon', 'Birch', 'Bluebell', 'Cobalt', 'Compass', 'Crescent',
  'Driftwood', 'Emerald', 'Falcon', 'Fern', 'Foxglove', 'Granite', 'Hawthorn', 'Heron', 'Ivy', 'Jasmine',
  'Lighthouse', 'Linden', 'Lotus', 'Maple', 'Marigold', 'Mosaic', 'Oak', 'Pelican', 'Peony', 'Pebble',
  'Poppy', 'Primrose', 'Rosemary', 'Sable', 'Sandstone', 'Seabreeze', 'Sparrow', 'Starling', 'Sunflower',
  'Thistle', 'Vista', 'Wisteria', 'Albatross', 'Bellflower', 'Camellia', 'Chestnut', 'Clover', 'Cormorant',
];
const SAINTS = ['Michael', 'George', 'James', 'Mary', 'Catherine', 'Francis', 'Anne', 'Peter', 'Louis', 'Helena'];
const KINDS = [
  'Hotel', 'Inn', 'Suites', 'Residence', 'Lodge', 'Palace', 'Resort', 'Guesthouse', 'Boutique Hotel',
  'Apartments', 'Hostel', 'House', 'Plaza', 'Retreat', 'Court', 'Manor', 'Villas', 'Rooms',
];
const ADJECTIVES = [
  'Grand', 'Royal', 'Little', 'Old Town', 'Riverside', 'Central', 'Golden', 'Silver', 'Blue', 'Green',
  'Park', 'City', 'Garden', 'Imperial', 'Majestic', 'Modern', 'Urban', 'Classic', 'Sunset', 'Harbourside',
];
/** Words for "house" or "inn" that hotels in these countries often start their names with. */
const LOCAL_KINDS: Record<string, string[]> = {
  PT: ['Casa', 'Solar', 'Quinta'], BR: ['Pousada', 'Casa'], ES: ['Casa', 'Posada', 'Hostal'],
  MX: ['Casa', 'Posada'], AR: ['Casa', 'Posada'], IT: ['Albergo', 'Locanda', 'Villa'], FR: ['Maison', 'Auberge'],
  DE: ['Gasthof', 'Haus'], AT: ['Gasthof', 'Haus'], NL: ['Huis'], JP: ['Ryokan'],
};
const AMENITIES = [
  'Free Wi-Fi', 'Air conditioning', 'Restaurant', 'Bar', '24-hour front desk', 'Fitness centre',
  'Swimming pool', 'Spa', 'Parking', 'Airport shuttle', 'Pet friendly', 'Family rooms', 'Non-smoking rooms',
  'Room service', 'Breakfast available', 'Terrace', 'Garden', 'Laundry', 'Electric vehicle charging',
  'Accessible rooms',
];

/**
 * Cities travellers go to, as GeoNames names them, with their country: they get more demo
 * hotels than their population alone would give them.
 */
const TRAVEL_DESTINATIONS = `Paris FR|London GB|Rome IT|Barcelona ES|Madrid ES|Lisbon PT|Porto PT|Amsterdam NL|Berlin DE|
Munich DE|Vienna AT|Prague CZ|Budapest HU|Istanbul TR|Athens GR|Dubai AE|New York City US|Los Angeles US|San Francisco US|
Las Vegas US|Miami US|Orlando US|Chicago US|Washington, D.C. US|Boston US|Toronto CA|Vancouver CA|Montreal CA|
Mexico City MX|Cancún MX|Rio de Janeiro BR|São Paulo BR|Buenos Aires AR|Lima PE|Cusco PE|Bangkok TH|Phuket TH|
Chiang Mai TH|Singapore SG|Hong Kong HK|Tokyo JP|Osaka JP|Kyoto JP|Seoul KR|Taipei TW|Kuala Lumpur MY|Denpasar ID|
Sydney AU|Melbourne AU|Auckland NZ|Cape Town ZA|Marrakesh MA|Cairo EG|Florence IT|Venice IT|Milan IT|Naples IT|
Sevilla ES|Valencia ES|Málaga ES|Palma ES|Nice FR|Lyon FR|Marseille FR|Edinburgh GB|Dublin IE|Copenhagen DK|
Stockholm SE|Oslo NO|Helsinki FI|Reykjavík IS|Brussels BE|Brugge BE|Zürich CH|Genève CH|Kraków PL|Warsaw PL|
Hamburg DE|Köln DE|Frankfurt am Main DE|Dubrovnik HR|Split HR|Tel Aviv IL|Jerusalem IL|Mumbai IN|New Delhi IN|
Jaipur IN|Hanoi VN|Ho Chi Minh City VN|Manila PH|Honolulu US|New Orleans US|Seattle US|San Diego US|Havana CU|Doha QA|
Abu Dhabi AE|Antalya TR|Nairobi KE|Salzburg AT|Granada ES|Bordeaux FR|Tallinn EE|Riga LV|Vilnius LT|Ljubljana SI|
Bratislava SK|Sofia BG|Bucharest RO|Belgrade RS|Valletta MT|Funchal PT|Faro PT|Firá GR|Irákleion GR|Thessaloniki GR|
Luzern CH|Interlaken CH|Innsbruck AT|Rotterdam NL|The Hague NL|Antwerpen BE|Gent BE|Manchester GB|Liverpool GB|
Bath GB|Oxford GB|Cambridge GB|Glasgow GB|Belfast GB|Cork IE|Gaillimh IE|Bergen NO|Göteborg SE|Bilbao ES|
Donostia / San Sebastián ES|Ibiza ES|Las Palmas de Gran Canaria ES|Santa Cruz de Tenerife ES|Verona IT|Bologna IT|
Pisa IT|Turin IT|Palermo IT|Catania IT|Genoa IT|Quebec CA|Calgary CA|Philadelphia US|Atlanta US|Dallas US|Houston US|
Austin US|Nashville US|Denver US|Phoenix US|San Antonio US|Savannah US|Charleston US|Anchorage US|Playa del Carmen MX|
Guadalajara MX|Oaxaca MX|Cartagena CO|Bogotá CO|Medellín CO|Santiago CL|Montevideo UY|Quito EC|Panama City PA|
San José CR|Punta Cana DO|Santo Domingo DO|Kingston JM|Bridgetown BB|Nassau BS|Johannesburg ZA|Durban ZA|Zanzibar TZ|
Casablanca MA|Fes MA|Tunis TN|Amman JO|Beirut LB|Muscat OM|Riyadh SA|Jeddah SA|Kathmandu NP|Colombo LK|Malé MV|
Panaji IN|Agra IN|Bengaluru IN|Chennai IN|Kolkata IN|Siem Reap KH|Phnom Penh KH|Luang Prabang LA|Yangon MM|Hoi An VN|
Da Nang VN|Cebu City PH|Shanghai CN|Beijing CN|Xi'an CN|Guilin CN|Macau MO|Sapporo JP|Fukuoka JP|Hiroshima JP|
Nara-shi JP|Busan KR|Jeju City KR|Perth AU|Brisbane AU|Cairns AU|Gold Coast AU|Adelaide AU|Hobart AU|Queenstown NZ|
Wellington NZ|Christchurch NZ|Nadi FJ|Papeete PF`
  .split('|')
  .map((entry) => entry.trim());

/** The most populous gazetteer city of each travel destination. */
export function travelDestinations(gazetteer: Gazetteer): Place[] {
  const found: Place[] = [];
  for (const entry of TRAVEL_DESTINATIONS) {
    const [, name, countryCode] = /^(.*) ([A-Z]{2})$/.exec(entry) ?? [];
    const city = gazetteer
      .named(foldText(name ?? ''))
      .filter((p) => p.kind === 'city' && p.countryCode === countryCode)
      .sort((a, b) => b.population - a.population)[0];
    if (city && !found.includes(city)) found.push(city);
  }
  return found;
}

interface DemoCity {
  place: Place;
  hotels: number;
}

/**
 * The cities that get demo hotels and how many each: travel destinations and cities of at
 * least 100,000 people, a suburb close to a bigger chosen city left out; hotels shared in
 * proportion to population to the power 0.75, travel destinations and capitals weighted up
 * as travellers weigh them.
 */
export function planDemoCities(gazetteer: Gazetteer, count: number): DemoCity[] {
  const destinations = new Set(travelDestinations(gazetteer));
  const candidates = gazetteer.cities
    .filter((c) => c.population >= MIN_POPULATION || destinations.has(c))
    .sort((a, b) => Number(destinations.has(b)) - Number(destinations.has(a)) || b.population - a.population || a.id.localeCompare(b.id));
  const chosen: Place[] = [];
  for (const city of candidates) {
    const suburb = chosen.some(
      (big) => Math.abs(big.lat - city.lat) < 0.5 && haversineKm(big.lat, big.lng, city.lat, city.lng) < big.radiusKm,
    );
    if (!suburb) chosen.push(city);
  }
  const weights = chosen.map((c) =>
    destinations.has(c)
      ? 5 * Math.pow(Math.max(c.population, 300_000), 0.75)
      : (gazetteer.capitalOf(c.countryCode) === c.id ? 3 : 1) * Math.pow(c.population, 0.75),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  // Largest remainders, so the shares add up to exactly `count`.
  const exact = weights.map((w) => (w / total) * count);
  const plan = chosen.map((place, i) => ({ place, hotels: Math.floor(exact[i]), remainder: exact[i] % 1, i }));
  let missing = count - plan.reduce((a, p) => a + p.hotels, 0);
  for (const p of [...plan].sort((a, b) => b.remainder - a.remainder || a.i - b.i)) {
    if (missing <= 0) break;
    p.hotels++;
    missing--;
  }
  return plan.filter((p) => p.hotels > 0).map(({ place, hotels }) => ({ place, hotels }));
}

/**
 * Generates `count` invented hotels, deterministically. Their photos are at `photoBase` (the
 * service draws them: demo-photos.ts), or nowhere that resolves when none is given.
 */
export function* generateDemoHotels(gazetteer: Gazetteer, count = DEMO_DEFAULT_COUNT, photoBase = UNSERVED_PHOTOS): Generator<HotelRecord> {
  const usedIds = new Set<string>();
  for (const { place, hotels } of planDemoCities(gazetteer, count)) {
    const random = new SeededRandom(seedOf(DEMO_SEED, Number(place.id.replace(/\D/g, '')), count));
    const usedNames = new Set<string>();
    for (let n = 0; n < hotels; n++) {
      const name = uniqueName(random, place, usedNames);
      yield inventHotel(random, gazetteer, place, name, usedIds, photoBase);
    }
  }
}

function uniqueName(random: SeededRandom, city: Place, used: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    let name = inventName(random, city);
    if (attempt > 20) name = `${name} ${attempt}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

function inventName(random: SeededRandom, city: Place): string {
  const core = random.pick(CORES);
  const kind = random.pick(KINDS);
  const local = LOCAL_KINDS[city.countryCode];
  const roll = random.next();
  if (local && roll < 0.2) return `${random.pick(local)} ${core}`;
  if (roll < 0.35) return `${core} ${kind}`;
  if (roll < 0.5) return `Hotel ${core}`;
  if (roll < 0.62) return `${random.pick(ADJECTIVES)} ${core} ${kind}`;
  if (roll < 0.72) return `${core} ${city.name} ${kind}`;
  if (roll < 0.8) return `The ${core}`;
  if (roll < 0.87) return `${core} & ${random.pick(CORES)} ${kind}`;
  if (roll < 0.93) return `${random.chance(0.5) ? 'St.' : 'Saint'} ${random.pick(SAINTS)} ${kind}`;
  return `${core} ${random.chance(0.5) ? 'International' : 'Intl'} ${kind}`;
}

function inventHotel(
  random: SeededRandom,
  gazetteer: Gazetteer,
  city: Place,
  name: string,
  usedIds: Set<string>,
  photoBase: string,
): HotelRecord {
  const base = `hotel/${city.countryCode.toLowerCase()}/${slugify(city.name) || 'city'}/${slugify(name) || 'hotel'}`;
  let id = base;
  for (let n = 2; usedIds.has(id); n++) id = `${base}-${n}`;
  usedIds.add(id);

  // Denser towards the centre, as hotels are.
  const km = city.radiusKm * 0.9 * Math.pow(random.next(), 1.3);
  const bearing = random.next() * 2 * Math.PI;
  const latitude = round(city.lat + (km / 111.195) * Math.cos(bearing), 5);
  const longitude = round(
    wrapLongitude(city.lng + ((km / 111.195) * Math.sin(bearing)) / Math.max(0.01, Math.cos((city.lat * Math.PI) / 180))),
    5,
  );

  const starsRoll = random.next();
  const stars = starsRoll < 0.05 ? null : starsRoll < 0.1 ? 1 : starsRoll < 0.25 ? 2 : starsRoll < 0.6 ? 3 : starsRoll < 0.9 ? 4 : 5;
  const reviewed = random.chance(0.97);
  const rating = reviewed
    ? Math.min(9.9, Math.max(3, round(6.2 + (stars ?? 3) * 0.45 + random.normal() * 0.8, 1)))
    : null;
  const reviewCount = reviewed ? Math.max(1, Math.floor(Math.exp(4.5 + random.normal() * 1.3))) : null;

  const photoCount = random.chance(0.04) ? 0 : random.int(1, 7);
  const photos = Array.from({ length: photoCount }, (_, i) => `${photoBase}/${id.slice('hotel/'.length)}/${i + 1}.svg`);

  const amenities = AMENITIES.filter(() => random.chance(0.35));
  const countryName = gazetteer.country(city.countryCode)?.name ?? city.countryCode;
  const starsText = stars === null ? 'an unrated' : `a ${stars}-star`;
  return {
    id,
    name,
    stars,
    rating,
    review_count: reviewCount,
    address: inventAddress(random, city),
    city: city.name,
    country_code: city.countryCode,
    latitude,
    longitude,
    description:
      `Demo data: ${name} is an invented hotel, ${starsText} stay in ${city.name}, ${countryName}. ` +
      'It does not exist; the Example Stays demo catalog is generated so the API can be tried at once.',
    photo_url: photos[0] ?? null,
    photos,
    amenities,
  };
}

function inventAddress(random: SeededRandom, city: Place): string {
  const street = random.pick(CORES);
  const number = random.int(1, 240);
  switch (city.countryCode) {
    case 'PT':
    case 'BR':
      return `Rua ${street}, ${number}, ${city.name}`;
    case 'ES':
    case 'MX':
    case 'AR':
    case 'CO':
    case 'CL':
    case 'PE':
      return `Calle ${street} ${number}, ${city.name}`;
    case 'FR':
    case 'BE':
      return `${number} rue ${street}, ${city.name}`;
    case 'DE':
    case 'AT':
    case 'CH':
      return `${street}straße ${number}, ${city.name}`;
    case 'IT':
      return `Via ${street} ${number}, ${city.name}`;
    case 'NL':
      return `${street}straat ${number}, ${city.name}`;
    default:
      return `${number} ${street} ${random.pick(['Street', 'Road', 'Avenue', 'Lane'])}, ${city.name}`;
  }
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function wrapLongitude(lng: number): number {
  return lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng;
}
