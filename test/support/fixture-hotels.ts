// A small catalog made for the tests: hotels placed at known distances north of a point in
// Lisbon, so orders and distances can be stated exactly.
import type { HotelRecord } from '../../src/catalog/hotel.js';

/** The point of the point searches; hotels sit due north of it. */
export const LISBON_POINT = { lat: 38.72, lng: -9.14 };
/** Degrees of latitude per km along a meridian on the service's sphere (R = 6371.0088 km). */
const DEG_PER_KM = 180 / (Math.PI * 6371.0088);

function hotel(fields: Partial<HotelRecord> & Pick<HotelRecord, 'id' | 'name'>): HotelRecord {
  return {
    stars: null,
    rating: null,
    review_count: null,
    address: `${fields.name} street 1`,
    city: 'Lisbon',
    country_code: 'PT',
    latitude: LISBON_POINT.lat,
    longitude: LISBON_POINT.lng,
    description: `Test hotel ${fields.name}.`,
    photo_url: null,
    photos: [],
    amenities: [],
    ...fields,
  };
}

const northOfPoint = (km: number) => ({ latitude: LISBON_POINT.lat + km * DEG_PER_KM, longitude: LISBON_POINT.lng });

export const FIXTURE_HOTELS: HotelRecord[] = [
  hotel({
    id: 'hotel/pt/lisbon/pestana-palace',
    name: 'Pestana Palace',
    stars: 5,
    rating: 9.1,
    review_count: 2000,
    ...northOfPoint(4.5),
    photo_url: 'https://photos.example.test/pestana/main.jpg',
    photos: [
      'https://photos.example.test/pestana/1.jpg',
      'https://photos.example.test/pestana/2.jpg',
      'https://photos.example.test/pestana/main.jpg',
      'https://photos.example.test/pestana/3.jpg',
      'https://photos.example.test/pestana/4.jpg',
      'https://photos.example.test/pestana/5.jpg',
      'https://photos.example.test/pestana/6.jpg',
    ],
    amenities: ['Spa', 'Garden'],
  }),
  hotel({ id: 'hotel/pt/lisbon/hotel-aurora', name: 'Hotel Aurora', stars: 3, rating: 8.4, review_count: 300, ...northOfPoint(0.5) }),
  hotel({ id: 'hotel/pt/lisbon/casa-do-sol', name: 'Casa do Sol', stars: 4, rating: 8.4, review_count: 500, ...northOfPoint(1) }),
  hotel({
    id: 'hotel/pt/lisbon/grand-meridian-international',
    name: 'Grand Meridian International',
    stars: 4.5,
    rating: 9.1,
    review_count: 800,
    ...northOfPoint(2),
  }),
  hotel({ id: 'hotel/pt/lisbon/st-george-inn', name: 'St. George Inn', stars: 2, rating: 7, review_count: 50, ...northOfPoint(3) }),
  hotel({ id: 'hotel/pt/lisbon/riverside-suites-spa', name: 'Riverside Suites & Spa', ...northOfPoint(6) }),
  hotel({
    id: 'hotel/pt/porto/porto-ribeira',
    name: 'Porto Ribeira Hotel',
    stars: 4,
    rating: 8.8,
    review_count: 900,
    city: 'Porto',
    latitude: 41.1406,
    longitude: -8.611,
  }),
  hotel({
    id: 'hotel/pt/porto/hotel-aurora',
    name: 'Hotel Aurora',
    stars: 3,
    rating: 7.5,
    review_count: 120,
    city: 'Porto',
    latitude: 41.145,
    longitude: -8.61,
  }),
  hotel({
    id: 'hotel/fr/paris/hotel-lumiere',
    name: 'Hôtel Lumière',
    stars: 4,
    rating: 8.9,
    review_count: 1200,
    city: 'Paris',
    country_code: 'FR',
    latitude: 48.86,
    longitude: 2.34,
  }),
  hotel({
    id: 'hotel/fr/paris/le-petit-parisien',
    name: 'Le Petit Parisien',
    stars: 3,
    rating: 8,
    review_count: 400,
    city: 'Paris',
    country_code: 'FR',
    latitude: 48.87,
    longitude: 2.35,
  }),
  hotel({
    id: 'hotel/us/paris/paris-texas-motor-inn',
    name: 'Paris Texas Motor Inn',
    stars: 2,
    rating: 6.5,
    review_count: 80,
    city: 'Paris',
    country_code: 'US',
    latitude: 33.6609,
    longitude: -95.5555,
  }),
];

export function toNdjson(hotels: HotelRecord[]): string {
  return hotels.map((h) => JSON.stringify(h)).join('\n') + '\n';
}
