// Derives src/places/data/areas.json: named geographic areas a traveller may look for hotels in
// ("Corsica", "Lake Garda", "Yosemite", "Balearic Islands", "Cape Cod"), each with its kind, its
// countries, a centre and a box to search hotels inside.
//
// Sources: Natural Earth (public domain, naturalearthdata.com), version 4.0.0 as converted to
// GeoJSON by github.com/martynafford/natural-earth-geojson (commit
// 0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e; its data files are those of its "Update to version
// 4.0.0" of 2017), these paths:
//   - 10m/physical/ne_10m_geography_regions_polys.7z: islands, island groups, peninsulas, coasts,
//     mountain ranges, deserts, plateaus, plains, valleys, deltas, wetlands, regions. These are
//     Natural Earth's label areas, drawn by hand: some follow the land closely, some loosely.
//   - 10m/physical/ne_10m_geography_regions_points.json: capes, small islands, waterfalls.
//   - 10m/physical/ne_10m_geography_regions_elevation_points.json: peaks and depressions.
//   - 10m/physical/ne_10m_lakes.7z, ne_10m_lakes_europe.json, ne_10m_lakes_north_america.json:
//     lakes and reservoirs (outlines).
//   - 10m/cultural/ne_10m_parks_and_protected_lands_area.json and _point.json: the units of the
//     U.S. National Park Service (Natural Earth has no parks of other countries).
//   - 10m/physical/ne_10m_land.7z and ne_10m_minor_islands.json: land outlines, to box an island
//     by its coast rather than by its label area, and to find the island of an island point.
//   - 50m/cultural/ne_50m_admin_0_countries.7z: country outlines, for the countries of an area.
//   - 10m/cultural/ne_10m_admin_0_label_points.json: a point on every piece of every country, for
//     the country of a small island the 1:50m outlines leave out.
// These files have no name_en or other name_xx fields (later Natural Earth releases add them),
// and their names are local ("Sicilia", "Lago di Garda") and sometimes broken (letters lost:
// "Vierwaldstttersee"), so English names, the names travellers use and repairs are given below
// (NAMES, NAMES_AT, PARK_NAMES), reviewed by hand; a name written in capitals or abbreviated
// ("BALKAN PEN.", "Kangaroo I.") is spelled out by rule.
//
// Rules:
//   - Kinds, a closed set (KINDS): Natural Earth's feature classes map onto it (KIND_OF_CLASS),
//     with a few features moved by hand (NAMES: "Pelopónnisos" is a peninsula, "Maui" an island).
//   - Box [south, west, north, east]: from the outline (for an island or island group, from the
//     land outlines that lie mostly inside Natural Earth's label area, else from the label area;
//     for an island point, from the land outline under it). Where Natural Earth has only a point
//     (capes, peaks, waterfalls, parks without an outline), a square of POINT_BOX_KM around it,
//     flagged "p":1. Rounded outwards to 3 decimals. A box with west > east crosses 180°.
//   - Centre [lat, lng]: the area-weighted centroid of the outline; when one piece holds most of
//     the area and the centroid falls outside it, the point of that piece nearest the centroid.
//   - Countries: ISO 3166-1 alpha-2 codes of the countries (Natural Earth's de facto 1:50m
//     outlines) holding at least COUNTRY_SHARE of the area, largest share first; for a point or
//     an area off every outline, the country within NEAREST_COUNTRY_KM, else the country of the
//     nearest of Natural Earth's country label points within NEAREST_LABEL_KM; else none ([]).
//   - Left out: anything south of 60°S (Antarctica), continents, areas whose box is more than
//     MAX_EXTENT_KM across (a box over half a continent finds no hotels worth showing), lakes
//     smaller than MIN_LAKE_KM2, unnamed features, U.S. park units that are sites, memorials or
//     battlefields, peaks of Natural Earth's scale rank above MAX_PEAK_SCALERANK, and the
//     features NAMES drops (with its reason).
//   - Left out too: label areas that are placeholders, not outlines (MIN_LABEL_KM2), and names
//     that lost letters in the source (LOST_LETTERS) unless NAMES spells them right.
//   - The same area twice (same name and kind, within SAME_AREA_KM) is one entry; a point whose
//     name is already an area's name or alias and lies in its box is left out, its names kept as
//     aliases.
//
// Rerun (no network):
//   1. fetch github:martynafford/natural-earth-geojson (a bare git directory, say $G), then
//        C=0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e; mkdir -p /tmp/ne && cd /tmp/ne
//        for f in 10m/physical/ne_10m_geography_regions_polys.7z 10m/physical/ne_10m_lakes.7z \
//            10m/physical/ne_10m_land.7z 50m/cultural/ne_50m_admin_0_countries.7z; do
//          git -C $G show $C:$f > ${f##*/} && 7z x -y ${f##*/}; done      # 7z: Debian's p7zip-full
//        for f in 10m/physical/ne_10m_geography_regions_points.json \
//            10m/physical/ne_10m_geography_regions_elevation_points.json \
//            10m/physical/ne_10m_lakes_europe.json 10m/physical/ne_10m_lakes_north_america.json \
//            10m/physical/ne_10m_minor_islands.json \
//            10m/cultural/ne_10m_parks_and_protected_lands_area.json \
//            10m/cultural/ne_10m_parks_and_protected_lands_point.json \
//            10m/cultural/ne_10m_admin_0_label_points.json; do
//          git -C $G show $C:$f > ${f##*/}; done
//   2. npx tsx scripts/derive-areas.ts /tmp/ne        (VERBOSE=1: also what is left out, and why)
// The output is deterministic.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText } from '../src/text/fold.js';
import { areaFileText, type AreaSourceNote } from './area-file.js';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: npx tsx scripts/derive-areas.ts <folder of the Natural Earth files> (see the header)');
  process.exit(2);
}
const OUTPUT = fileURLToPath(new URL('../src/places/data/areas.json', import.meta.url));

const REPOSITORY = 'martynafford/natural-earth-geojson';
const COMMIT = '0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e';

/** An area whose box is wider or taller than this (km) is left out. */
const MAX_EXTENT_KM = 1200;
/** Lakes smaller than this (km², from the outline) are left out (Wörthersee, 19 km², stays). */
const MIN_LAKE_KM2 = 15;
/**
 * A label area (not an island's) this small is a placeholder, not an outline: Natural Earth's
 * "FLORIDA" is a 5-point patch near Jacksonville, its "GARAGUM DESERT" 8 km². Left out when
 * under MIN_LABEL_KM2, or under MIN_FEW_POINTS_LABEL_KM2 with fewer than 10 points.
 */
const MIN_LABEL_KM2 = 50;
const MIN_FEW_POINTS_LABEL_KM2 = 300;
/** Peaks: Natural Earth's scale rank at most this (1 Everest … 6 Matterhorn, Fuji, Etna; 9 minor national high points). */
const MAX_PEAK_SCALERANK = 7;
/** A country is listed when it holds at least this share of the area's sampled points. */
const COUNTRY_SHARE = 0.05;
/** A point (or an area off every country outline, a small island) takes the country this near (km). */
const NEAREST_COUNTRY_KM = 60;
/** Else the country of the nearest country label point this near (km): a small island's own. */
const NEAREST_LABEL_KM = 150;
/** Half the side (km) of the square drawn around a point, by kind. */
const POINT_BOX_KM: Partial<Record<Kind, number>> = {
  cape: 20,
  peak: 15,
  waterfall: 10,
  basin: 40,
  plain: 25,
  park: 20,
  island: 10,
  island_group: 30,
};
const KM_PER_DEGREE = 111.32;

// ---------------------------------------------------------------------------------------------
// Kinds

const KINDS = {
  island: 'an island',
  island_group: 'a group of islands, an archipelago',
  peninsula: 'a peninsula',
  cape: 'a cape or point, the box drawn around it',
  coast: 'a stretch of coast',
  valley: 'a valley, canyon or gorge',
  delta: 'a river delta',
  wetland: 'a wetland',
  lake: 'a lake or reservoir',
  desert: 'a desert, salt pan or sand sea',
  plain: 'a plain, lowland or steppe',
  plateau: 'a plateau, upland or tableland',
  basin: 'a basin or depression',
  mountain_range: 'a mountain range, hills or a massif',
  peak: 'a mountain peak, the box drawn around it',
  waterfall: 'a waterfall, the box drawn around it',
  park: 'a national park or other U.S. National Park Service unit',
  region: 'another named region: historic or cultural region, land, isthmus, foothills',
} as const;
type Kind = keyof typeof KINDS;

/** Natural Earth's featurecla (regions polygons and points) → kind; a class not here is left out. */
const KIND_OF_CLASS: Record<string, Kind> = {
  Island: 'island',
  'Island group': 'island_group',
  island: 'island',
  'island group': 'island_group',
  Coast: 'coast',
  'Range/mtn': 'mountain_range',
  'Pen/cape': 'peninsula',
  Peninsula: 'peninsula',
  cape: 'cape',
  Desert: 'desert',
  Plateau: 'plateau',
  Geoarea: 'region',
  Plain: 'plain',
  plain: 'plain',
  Lowland: 'plain',
  Tundra: 'plain',
  Depression: 'basin',
  depression: 'basin',
  Basin: 'basin',
  Valley: 'valley',
  Gorge: 'valley',
  Wetlands: 'wetland',
  Delta: 'delta',
  Isthmus: 'region',
  Foothills: 'region',
  Lake: 'lake',
  waterfall: 'waterfall',
  mountain: 'peak',
  // Left out: Continent, Dragons-be-here (Null Island), pole, pass, plateau points (Antarctic
  // stations), spot elevation (unnamed).
};

// ---------------------------------------------------------------------------------------------
// Names: English names, the names travellers use, and hand moves, by Natural Earth's name.
//   n: the name to show; a: more aliases (Natural Earth's name is kept as one when n replaces
//   it, unless broken: letters lost or misspelt in the source); k: the kind instead of the
//   class's; drop: left out, and why (label areas drawn beside the feature are dropped here:
//   checked by hand for the ones travellers look for); keep: kept though small (see MIN_LABEL_KM2);
//   c: the countries instead of the computed ones.

interface NameRule {
  n?: string;
  a?: string[];
  k?: Kind;
  broken?: true;
  drop?: string;
  /** Kept though its label area looks like a placeholder (checked by hand). */
  keep?: true;
  /** The countries instead of those the outlines give (a label area drawn off the land, a disputed area). */
  c?: string[];
}

const NAMES: Record<string, NameRule> = {
  // Islands
  Corse: { n: 'Corsica' },
  Sicilia: { n: 'Sicily' },
  Sardegna: { n: 'Sardinia' },
  Mallorca: { a: ['Majorca'] },
  Menorca: { a: ['Minorca'] },
  Ibiza: { a: ['Eivissa'] },
  Hierro: { n: 'El Hierro' },
  Crete: { a: ['Kriti', 'Creta'] },
  Rhodes: { a: ['Rodos'] },
  Lesbos: { a: ['Lesvos'] },
  Pelopónnisos: { n: 'Peloponnese', a: ['Peloponnesus', 'Peloponnisos'], k: 'peninsula' },
  Zealand: { a: ['Sjælland'] },
  Åland: { a: ['Åland Islands', 'Ahvenanmaa'], k: 'island_group' },
  Lofoten: { drop: "Natural Earth's area holds a few islets of Lofoten only" },
  Vesterålen: { k: 'island_group' },
  'Cheju I.': { n: 'Jeju Island', a: ['Jeju', 'Jejudo', 'Cheju'] },
  'Phuket I.': { n: 'Phuket', a: ['Phuket Island', 'Ko Phuket'] },
  Ceram: { n: 'Seram' },
  'Isla de Chiloé': { n: 'Chiloé Island', a: ['Chiloé'] },
  'Ilha de Marajó': { n: 'Marajó Island', a: ['Marajó'] },
  'Isla Wellington': { n: 'Wellington Island' },
  'I. Clarión': { n: 'Clarión Island', a: ['Isla Clarión'] },
  'I. Guadalupe': { n: 'Guadalupe Island', a: ['Isla Guadalupe'] },
  'I. Sala y Gómez': { n: 'Sala y Gómez Island', a: ['Isla Sala y Gómez'] },
  'I. San Félix': { n: 'San Félix Island', a: ['Isla San Félix'] },
  'î. d’Anticosti': { n: 'Anticosti Island', a: ["Île d'Anticosti"] },
  'Île de Pins': { n: 'Isle of Pines', a: ['Île des Pins'] },
  'Île Futuna': { n: 'Futuna' },
  Éfaté: { n: 'Efate' },
  HOKKAIDÖ: { n: 'Hokkaido', a: ['Hokkaidō'], broken: true },
  HONSHÜ: { n: 'Honshu', a: ['Honshū'], broken: true },
  KYÜSHÜ: { n: 'Kyushu', a: ['Kyūshū'], broken: true },
  Reunion: { n: 'Réunion', a: ['La Réunion'] },
  'Mahé I.': { n: 'Mahé' },
  'Zanzibar I.': { n: 'Zanzibar', a: ['Unguja', 'Zanzibar Island'] },
  'Fraser I.': { n: 'Fraser Island', a: ["K'gari"] },
  'Stewart I.': { n: 'Stewart Island', a: ['Rakiura'] },
  'Long I.': { n: 'Long Island' },
  Moorea: { a: ["Mo'orea"] },
  'Darien Gap': { k: 'region' },
  'Nova Scotia': { k: 'peninsula' },
  LABRADOR: { k: 'region' },
  'Hawai‘i': { n: 'Island of Hawaii', a: ['Big Island', 'Hawaii Island', 'Hawaiʻi'], k: 'island' },
  Maui: { k: 'island' },
  'O‘ahu': { n: 'Oahu', a: ['Oʻahu'], k: 'island' },
  'Kaua‘i': { n: 'Kauai', a: ['Kauaʻi'], k: 'island' },
  'Moloka‘i': { n: 'Molokai', a: ['Molokaʻi'] },
  'Läna‘i': { n: 'Lanai', a: ['Lānaʻi'], broken: true },
  'Ni‘ihau': { n: 'Niihau', a: ['Niʻihau'] },
  'HAWAIIAN ISLANDS': { n: 'Northwestern Hawaiian Islands' }, // Natural Earth's area holds only the north-western chain
  'Savai‘i': { n: 'Savaii', a: ['Savaiʻi'], k: 'island' },
  'Niuafo‘ou': { n: 'Niuafoou', a: ["Niuafo'ou"] },
  Tahiti: { k: 'island' },
  Raiatea: { k: 'island' },
  'Nuku Hiva': { k: 'island' },
  'Hiva Oa': { k: 'island' },
  Guam: { k: 'island' },
  'Viti Levu': { k: 'island' },
  'Vanua Levu': { k: 'island' },
  'Espiritu Santo': { k: 'island' },
  Malakula: { k: 'island' },
  Guadalcanal: { k: 'island' },
  Bougainville: { k: 'island' },
  'New Ireland': { k: 'island' },
  'NEW BRITAIN': { k: 'island' },
  'San Cristobal': { n: 'Makira', a: ['San Cristobal'], k: 'island' },
  'Santa Isabel': { k: 'island' },
  Isabela: { n: 'Isabela Island', a: ['Isabela'], k: 'island' },
  'Santa Cruz': { n: 'Santa Cruz Island', a: ['Santa Cruz'], k: 'island' },
  Iturup: { k: 'island' },
  Urup: { k: 'island' },
  Paramushir: { k: 'island' },
  Okinawa: { a: ['Okinawa Islands'] },
  Truk: { n: 'Chuuk', a: ['Truk'] },
  // Island groups
  'Balearic Is.': { n: 'Balearic Islands', a: ['Islas Baleares', 'Illes Balears', 'Baleares', 'Balearics'] },
  'ISLAS CANARIAS': { n: 'Canary Islands', a: ['Canarias', 'Canaries'] },
  AÇORES: { n: 'Azores' },
  'ILHAS DE CABO VERDE': { n: 'Cape Verde Islands', a: ['Cabo Verde Islands'] },
  'ARCHIPIÉLAGO DE COLÓN': { n: 'Galápagos Islands', a: ['Galápagos', 'Islas Galápagos'] },
  'ARCHIPEL DES COMORES': { n: 'Comoro Islands' },
  'ARCHIPEL DES TUAMOTU': { n: 'Tuamotu Archipelago', a: ['Tuamotus'] },
  'ÎLES DE LA SOCIÉTÉ': { n: 'Society Islands' },
  'ÎLES MARQUESAS': { n: 'Marquesas Islands', a: ['Îles Marquises', 'Marquesas'] },
  'ÎLES GAMBIER': { n: 'Gambier Islands' },
  'ÎLES TUBUAÏ': { n: 'Austral Islands', a: ['Îles Australes', 'Tubuai Islands'] },
  'Îles Crozet': { n: 'Crozet Islands' },
  'Îles Kerguelen': { n: 'Kerguelen Islands' },
  'Îles Loyauté': { n: 'Loyalty Islands' },
  'îles Wallis': { n: 'Wallis Islands', a: ['Îles Wallis'] },
  'NOUVELLE-CALÉDONIE': { n: 'New Caledonia' },
  Føroyar: { n: 'Faroe Islands', a: ['Faroes'] },
  'FALKLAND IS.': { n: 'Falkland Islands', a: ['Islas Malvinas', 'Malvinas'] },
  'Frisian Is.': { a: ['Wadden Islands'] },
  'Orkney Is.': { a: ['Orkney'] },
  'Shetland Is.': { a: ['Shetland'] },
  'Outer Hebrides': { a: ['Western Isles'] },
  Cyclades: { a: ['Kyklades'] },
  'Ionian Is.': { a: ['Heptanese', 'Eptanisa'] },
  'MARIANA ISANDS': { n: 'Mariana Islands', broken: true },
  'MARSHALL ISANDS': { n: 'Marshall Islands', broken: true },
  'SOLOMON ISANDS': { n: 'Solomon Islands', broken: true },
  'RYÜKYÜ ISANDS': { n: 'Ryukyu Islands', a: ['Ryūkyū Islands', 'Nansei Islands'], broken: true },
  'IZU-SHOTÖ': { n: 'Izu Islands', a: ['Izu-shotō'], broken: true },
  'NAMPÖ-SHOTÖ': { n: 'Nanpō Islands', a: ['Nanpō-shotō'], broken: true },
  'Ösumi Is.': { n: 'Ōsumi Islands', broken: true },
  'Daitö Islands': { n: 'Daitō Islands', broken: true },
  Amami: { n: 'Amami Islands' },
  'Whitsunday Group': { n: 'Whitsunday Islands', a: ['Whitsundays'] },
  'Laccadive Islands': { n: 'Lakshadweep' },
  'Myeik Arch.': { n: 'Mergui Archipelago', a: ['Myeik Archipelago'] },
  'Calamian Group': { n: 'Calamian Islands' },
  'Queen Charlotte Islands': { n: 'Haida Gwaii' },
  'LESSER ANTILLES': { drop: 'label area covers the Leeward Antilles and Virgin Islands, not the Windward Islands' },
  'Is. Revillagigedo': { n: 'Revillagigedo Islands', a: ['Islas Revillagigedo'] },
  'Islas Juan Fernandez': { n: 'Juan Fernández Islands' },
  'Islas Desventuradas': { n: 'Desventuradas Islands' },
  'Arquipélago dos Bijagós': { n: 'Bissagos Islands', a: ['Bijagós'] },
  Bonaparte: { n: 'Bonaparte Archipelago' },
  // Peninsulas, isthmuses
  'PEN. DE YUCATÁN': { n: 'Yucatán Peninsula', a: ['Península de Yucatán'] },
  'Pen. de Nicoya': { n: 'Nicoya Peninsula', a: ['Península de Nicoya'] },
  'Pen. de Osa': { n: 'Osa Peninsula', a: ['Península de Osa'], keep: true },
  'Pen. de Azuero': { n: 'Azuero Peninsula' },
  'Pen. de la Guajira': { n: 'Guajira Peninsula', a: ['La Guajira'] },
  'Península Valdés': { n: 'Valdés Peninsula' },
  'Península de Taitao': { n: 'Taitao Peninsula' },
  'PÉNINSULE D’UNGAVA': { n: 'Ungava Peninsula' },
  'Pén. de Gaspé': { n: 'Gaspé Peninsula', a: ['Gaspésie'] },
  'BAJA CALIFORNIA': { n: 'Baja California Peninsula', a: ['Baja California', 'Baja'] },
  FLORIDA: { n: 'Florida Peninsula' },
  KOREA: { n: 'Korean Peninsula' },
  INDIA: { n: 'Indian subcontinent' },
  CRIMEA: { a: ['Crimean Peninsula'], c: ['UA'] }, // ISO 3166-2:UA; Natural Earth 4.0's de facto outlines say RU
  Coromandel: { n: 'Coromandel Peninsula' },
  'Cà Mau Point': { n: 'Cà Mau Peninsula' },
  'Cape Chelyuskin': { k: 'cape' },
  'Cape Zhelaniya': { k: 'cape' },
  'ARNHEM LAND': { k: 'region' },
  'PENÍNSULA IBÉRICA': { n: 'Iberian Peninsula', k: 'peninsula' },
  'ISTHMUS OF KRA': { n: 'Kra Isthmus' },
  'Is. de Panamá': { n: 'Isthmus of Panama', a: ['Istmo de Panamá'], broken: true },
  'Istmo de Tehuantepec': { n: 'Isthmus of Tehuantepec' },
  // Coasts and regions
  'Costa de los Mosquitos': { n: 'Mosquito Coast', a: ['La Mosquitia'] },
  Dalmatia: { a: ['Dalmacija'] },
  'Gold Coast': { drop: 'historic coast name; "Gold Coast" is the Australian city' },
  'Ivory Coast': { drop: 'historic coast name; "Ivory Coast" is the country' },
  'Slave Coast': { drop: 'historic coast name' },
  'Grain Coast': { drop: 'historic coast name' },
  Normandie: { drop: 'Natural Earth draws only a coastal strip of Normandy' },
  Bretagne: { drop: 'Natural Earth draws only the middle of Brittany (no Saint-Malo, no Vannes)' },
  'Banaadir Coast': { n: 'Benadir Coast', k: 'coast' },
  JUTLAND: { a: ['Jylland'] },
  LAPLAND: { a: ['Lappland', 'Lappi', 'Sápmi'] },
  'Finnish Lake Region': { n: 'Finnish Lakeland', a: ['Finnish Lake District'] },
  'El Gezira': { n: 'Gezira' },
  'LES LAURENTIDES': { n: 'Laurentides', a: ['Laurentians'], k: 'region' },
  // Deserts
  'DESIERTO DE ATACAMA': { n: 'Atacama Desert', a: ['Desierto de Atacama', 'Atacama'] },
  'RUB’ AL KHALI': { n: "Rub' al Khali", a: ['Empty Quarter'] },
  'Wahiba Sands': { a: ['Sharqiya Sands'] },
  'Negev Desert': { a: ['Negev'], c: ['IL'] }, // the label area follows the border
  PUNJAB: { k: 'region' },
  CAATINGAS: { n: 'Caatinga', k: 'region' },
  'Big Bend': { k: 'region' },
  'Salar de Uyuni': { a: ['Uyuni Salt Flat'] },
  'QIZILQUM DESERT': { n: 'Kyzylkum Desert', a: ['Qizilqum'] },
  'GARAGUM DESERT': { n: 'Karakum Desert', a: ['Garagum'] },
  'BETPAQDALA DESERT': { n: 'Betpak-Dala', a: ['Betpaqdala'] },
  'Sarïr Kalanshiyu ar Ramli al Kabi': { n: 'Calanshio Sand Sea', a: ['Sarir Kalanshiyu ar Ramli al Kabir'], broken: true },
  'Idhän Murzuq': { n: 'Murzuq Sand Sea', a: ['Idhan Murzuq'], broken: true },
  'Kavir Desert': { a: ['Dasht-e Kavir'] },
  'LUT DESERT': { n: 'Lut Desert', a: ['Dasht-e Lut'] },
  'Margo Desert': { a: ['Dasht-i Margo'] },
  'Jabal as Sawdä’': { n: 'Jabal as Sawda', broken: true },
  // Mountain ranges
  APPENNINI: { n: 'Apennines', a: ['Appennini', 'Apennine Mountains'] },
  ALPS: { a: ['Alpes', 'Alpen', 'Alpi'] },
  PYRENEES: { a: ['Pyrénées', 'Pirineos', 'Pirineus'] },
  'Cord. Cantábrica': { n: 'Cantabrian Mountains', a: ['Cordillera Cantábrica'] },
  'S. Nevada': { n: 'Sierra Nevada' },
  Böhmerwald: { n: 'Bohemian Forest', a: ['Šumava'] },
  Erzgebirge: { n: 'Ore Mountains', a: ['Krušné hory'] },
  'Sudetes Mts.': { n: 'Sudetes', a: ['Sudety', 'Sudeten'] },
  'Tatra Mts.': { drop: 'label area drawn 80 km north of the Tatras' },
  'Transylvanian Alps': { drop: 'label area drawn south of the range' },
  'Balkan Mts.': { n: 'Balkan Mountains', a: ['Stara Planina'] },
  'Pindus Mts.': { drop: 'label area drawn south of most of the range' },
  'KJØLEN MOUNTAINS': { n: 'Scandinavian Mountains', a: ['Kjølen', 'Scandes'] },
  'Hardanger-vidda': { n: 'Hardangervidda', k: 'plateau' },
  'Finnmarks-vidda': { n: 'Finnmarksvidda' },
  Vatnajökull: { k: 'region' },
  'Grampian Mts.': { drop: 'label area drawn south of the Highland line, not on the Grampians' },
  'Er Rif': { n: 'Rif Mountains', a: ['Rif'] },
  'HAUT ATLAS': { n: 'High Atlas', a: ['Haut Atlas'] },
  'Moyen Atlas': { n: 'Middle Atlas', a: ['Moyen Atlas'] },
  'ATLAS SAHARIEN': { n: 'Saharan Atlas', a: ['Atlas Saharien'] },
  'Atlas Tellien': { n: 'Tell Atlas' },
  Calabria: { n: 'Calabrian Apennines' }, // the ranges, not the region of Italy
  'CHAÎNE ANNAMITIQUE': { n: 'Annamite Range', a: ['Truong Son'] },
  'S. de Pakaraima': { n: 'Pakaraima Mountains' },
  'S. Dourada': { n: 'Serra Dourada' },
  'S. do Cachimbo': { n: 'Serra do Cachimbo' },
  'S. do Piaui': { n: 'Serra do Piauí' },
  'S. dos Gradaús': { n: 'Serra dos Gradaús' },
  'Kopet Dag Mts .': { n: 'Kopet Dag', broken: true },
  'Arvalli Ra.': { n: 'Aravalli Range' },
  'Dângrêk Ra.': { n: 'Dangrek Mountains' },
  'ELBURZ MTS.': { n: 'Alborz', a: ['Elburz Mountains'] },
  'Al Hajar Mts.': { n: 'Hajar Mountains', a: ['Al Hajar Mountains'] },
  'Lebanon Mts.': { n: 'Mount Lebanon range', a: ['Lebanon Mountains'] },
  'Blue Mts.': { n: 'Blue Mountains' },
  'CORDILLERA  REAL': { n: 'Cordillera Real' },
  // Valleys, plains, plateaus, wetlands
  'Central Valley': { a: ['California Central Valley'] },
  'Vale of Kashmir': { a: ['Kashmir Valley'] },
  'Grand Canyon': { k: 'valley' },
  'Tsangpo Gorge': { a: ['Yarlung Tsangpo Grand Canyon'] },
  'Yangtze Gorges': { a: ['Three Gorges'] },
  'Nile Delta': { drop: 'label area is a strip along the coast, not the delta' },
  Alföld: { n: 'Great Hungarian Plain', a: ['Great Alföld'] },
  'Serengeti Plains': { a: ['Serengeti'] },
  'Masai Steppe': { a: ['Maasai Steppe'] },
  LLANOS: { a: ['Los Llanos'] },
  'NULLARBOR PLAIN': { a: ['Nullarbor'] },
  'Entre Rios': { n: 'Entre Ríos' },
  'ALTI-PLANICIE MEXICANA': { n: 'Mexican Plateau', a: ['Altiplanicie Mexicana'] },
  'N.I. Volcanic Plateau': { n: 'Volcanic Plateau', a: ['Central Plateau', 'North Island Volcanic Plateau'] },
  'Plat. du Tademaït': { n: 'Tademaït Plateau' },
  'Great Karroo': { n: 'Great Karoo', a: ['Karoo', 'Groot Karoo'] },
  'Northern Karroo': { n: 'Northern Karoo' },
  'Ozark Plateau': { a: ['Ozarks'] },
  'PLATEAU OF TIBET': { n: 'Tibetan Plateau' },
  'Chota Nägpur Plateau': { n: 'Chota Nagpur Plateau', broken: true },
  'Dome A (Argus)': { drop: 'Antarctic ice dome' },
  'Dome C (Charlie)': { drop: 'Antarctic ice dome' },
  'Dome F (Fuji)': { drop: 'Antarctic ice dome' },
  'Null Island': { drop: 'not a place' },
  // Points: islands
  'I. de Cozumel': { n: 'Cozumel', a: ['Isla de Cozumel', 'Cozumel Island'] },
  'I. de Pascua': { n: 'Easter Island', a: ['Isla de Pascua', 'Rapa Nui'] },
  'I. del Coco': { n: 'Cocos Island', a: ['Isla del Coco'] },
  'I. Robinson Crusoe': { n: 'Robinson Crusoe Island' },
  'I. Alejandro Selkirk': { n: 'Alejandro Selkirk Island' },
  'I. Socorro': { n: 'Socorro Island' },
  'I. San Ambrosio': { n: 'San Ambrosio Island' },
  'Is. de Fernando de Noronha': { n: 'Fernando de Noronha' },
  'Is. Martin Vaz': { n: 'Martim Vaz Islands' },
  Margarita: { n: 'Margarita Island', a: ['Isla Margarita'] },
  Grmsey: { n: 'Grímsey', broken: true },
  Hachijjima: { n: 'Hachijō-jima', a: ['Hachijojima'], broken: true },
  'St. Helena': { n: 'Saint Helena' },
  'Christmas I.': { c: ['CX'] }, // Natural Earth's 1:50m joins it with the Cocos Islands, no code
  'Cocos Is.': { n: 'Cocos (Keeling) Islands', a: ['Keeling Islands'], c: ['CC'] },
  Rodrigues: { c: ['MU'] },
  'St. Croix': { n: 'Saint Croix' },
  Vavau: { n: "Vava'u" },
  'San  Salvador': { n: 'San Salvador Island' },
  // Points: capes, waterfalls
  'Cabo de São Vicentete': { n: 'Cape St. Vincent', a: ['Cabo de São Vicente'], broken: true },
  'Cabo Fisterra': { n: 'Cape Finisterre', a: ['Finisterre'] },
  Nordkapp: { n: 'North Cape', a: ['Nordkapp'] },
  'Lands End': { n: "Land's End" },
  'Ponta São Sebastio': { n: 'Ponta São Sebastião', broken: true },
  'Cape Verde': { n: 'Cap-Vert', broken: true }, // the cape of Dakar; "Cape Verde" is the country
  'Gees Gwardafuy': { n: 'Cape Guardafui' },
  'Pt. Eugenia': { n: 'Punta Eugenia' },
  'Pt. Yuzhnyy': { n: 'Point Yuzhnyy' },
  'Cabo de São Tomé': { n: 'Cabo de São Tomé' },
  'Ra’s Banäs': { n: 'Ras Banas', broken: true },
  'Ra’s Fartak': { n: 'Ras Fartak' },
  'Ra’s Kasr': { n: 'Ras Kasr' },
  "Ra's al Had": { n: 'Ras al Hadd' },
  'Salto Angel': { n: 'Angel Falls', a: ['Salto Ángel'] },
  // Points: peaks
  'Cerro Aconcagua': { n: 'Aconcagua' },
  'Gora Elbrus': { n: 'Mount Elbrus', a: ['Elbrus'] },
  Denali: { a: ['Mount McKinley'] },
  Fuji: { n: 'Mount Fuji', a: ['Fujisan', 'Fuji-san'] },
  Vesuvio: { n: 'Mount Vesuvius', a: ['Vesuvius'] },
  'Monte Etna': { n: 'Mount Etna', a: ['Etna'] },
  'Pico del Teide': { n: 'Mount Teide', a: ['Teide'] },
  Matterhorn: { a: ['Monte Cervino', 'Mont Cervin'] },
  'Mt. Blanc': { n: 'Mont Blanc', a: ['Monte Bianco'] },
  'Mt. Kilimanjaro': { a: ['Kilimanjaro'] },
  'Mt. Everest': { a: ['Everest', 'Sagarmatha', 'Chomolungma'] },
  'Aoraki/Mt. Cook': { n: 'Aoraki / Mount Cook', a: ['Mount Cook', 'Aoraki'], broken: true },
  'Uluru/Ayers Rock': { n: 'Uluru', a: ['Ayers Rock'], broken: true },
  'Mt.Baldy': { n: 'Mount Baldy', broken: true },
  'Volcaán Villarrica': { n: 'Villarrica', a: ['Volcán Villarrica'], broken: true },
  // Lakes
  'Lago di Garda': { n: 'Lake Garda', a: ['Garda', 'Gardasee', 'Benaco'] },
  'Lago di Como': { n: 'Lake Como', a: ['Lario'] },
  'Lake Geneva': { a: ['Lake Léman', 'Genfersee'] },
  Bodensee: { n: 'Lake Constance' },
  Vierwaldstttersee: { n: 'Lake Lucerne', a: ['Vierwaldstättersee'], broken: true },
  'ZUERICH SEE': { n: 'Lake Zurich', a: ['Zürichsee'] },
  Neuchatel: { n: 'Lake Neuchâtel', a: ['Lac de Neuchâtel'] },
  'THUNER SEE': { n: 'Lake Thun', a: ['Thunersee'] },
  'BRIENZER SEE': { n: 'Lake Brienz', a: ['Brienzersee'] },
  'ZUGER SEE': { n: 'Lake Zug', a: ['Zugersee'] },
  'BIELER SEE': { n: 'Lake Biel', a: ['Bielersee', 'Lac de Bienne'] },
  MURTENSEE: { n: 'Lake Murten', a: ['Murtensee', 'Lac de Morat'] },
  Walensee: { a: ['Lake Walen'] },
  'Lago di Lugano - Ceresio': { n: 'Lake Lugano', a: ['Lago di Lugano', 'Ceresio'] },
  "Lago d' Iseo": { n: 'Lake Iseo', a: ["Lago d'Iseo", 'Sebino'] },
  "Lac d' Annecy": { n: 'Lake Annecy', a: ["Lac d'Annecy"] },
  'Lac du Bourget': { a: ['Lake Bourget'] },
  'Lago di Bolsena': { n: 'Lake Bolsena' },
  'Lago di Bracciano': { n: 'Lake Bracciano' },
  Trasimeno: { n: 'Lake Trasimeno', a: ['Lago Trasimeno'] },
  CHIEMSEE: { a: ['Lake Chiem'] },
  'Starnberger See': { a: ['Lake Starnberg'] },
  'Wörther See': { a: ['Wörthersee', 'Lake Wörth'] },
  'Neusiedler See': { n: 'Lake Neusiedl', a: ['Fertő'] },
  'Loch Lomond North Basin': { n: 'Loch Lomond' }, // Natural Earth draws its northern basin only
  Mälaren: { n: 'Lake Mälaren', a: ['Mälaren'] },
  Vänern: { a: ['Lake Vänern'] },
  Vättern: { a: ['Lake Vättern'] },
  ARRESOE: { n: 'Arresø' },
  'Lago Titicaca': { n: 'Lake Titicaca', a: ['Lago Titicaca'] },
  'Lago de Nicaragua': { n: 'Lake Nicaragua', a: ['Cocibolca'] },
  'Lago de Chapala': { n: 'Lake Chapala' },
  'Lago Nahuel Huapí': { n: 'Nahuel Huapi Lake', a: ['Lago Nahuel Huapi'] },
  'Lago Llanquihue': { n: 'Lake Llanquihue' },
  'Lago Argentino': { a: ['Lake Argentino'] },
  'Biwa Ko': { n: 'Lake Biwa', a: ['Biwa-ko'] },
  'Sea of Galilee': { a: ['Lake Tiberias', 'Kinneret', 'Lake Kinneret'] },
  'Dead Sea': { a: ['Salt Sea'] },
  'Tonle Sap': { a: ['Tonlé Sap'] },
  'Inarijrvi': { n: 'Lake Inari', a: ['Inarijärvi'], broken: true },
  Mritz: { n: 'Müritz', broken: true },
  Klpinsee: { n: 'Kölpinsee', broken: true },
  Gopo: { n: 'Lake Gopło', a: ['Gopło'], broken: true },
  'Jezioro ebsko': { n: 'Lake Łebsko', a: ['Jezioro Łebsko'], broken: true },
  Mjrn: { n: 'Mjörn', broken: true },
  Krderen: { n: 'Krøderen', broken: true },
  Msvatn: { n: 'Møsvatn', broken: true },
  Mckeln: { n: 'Möckeln', broken: true },
  'Kyceiz Golu': { n: 'Lake Köyceğiz', a: ['Köyceğiz Gölü'], broken: true },
  'Kus Gl': { n: 'Lake Manyas', a: ['Kuş Gölü', 'Lake Kuş'], broken: true },
  'Ataturk Barajt': { n: 'Atatürk Dam Lake', a: ['Atatürk Barajı'], broken: true },
  "Lake Il'Men'": { n: 'Lake Ilmen' },
  'Presa Nezahualcyotl': { n: 'Presa Nezahualcóyotl', a: ['Malpaso Reservoir'], broken: true },
  'Presa Manuel vila Camacho': { n: 'Presa Manuel Ávila Camacho', a: ['Valsequillo Reservoir'], broken: true },
  Pjärvi: { drop: 'letters lost in the source' },
  Pyhjärvi: { drop: 'letters lost in the source' },
  Sysmjärvi: { drop: 'letters lost in the source' },
  Lngelmenjärvi: { drop: 'letters lost in the source' },
  Drkiai: { drop: 'letters lost in the source' },
  Jrebchevo: { drop: 'letters lost in the source' },
  Mhisa: { drop: 'letters lost in the source' },
  Mr: { drop: 'letters lost in the source' },
  'IIJÄRVI 7': { drop: 'not a name' },
  'UNARINJÄRVI 1': { drop: 'not a name' },
  'Kolimajärvi 52': { drop: 'not a name' },
  'Lago de Ptzcuaro': { n: 'Lake Pátzcuaro', a: ['Lago de Pátzcuaro'], broken: true },
  Hvannadalshnkur: { n: 'Hvannadalshnúkur', broken: true },
  Galdhpiggen: { n: 'Galdhøpiggen', broken: true },
  'Humphreys Pk.': { n: 'Humphreys Peak' },
  'Hh Nuur': { drop: 'letters lost in the source' },
  'Pjrvi': { drop: 'letters lost in the source' },
  'Pyhjrvi': { drop: 'letters lost in the source' },
  'Lake Dbo': { drop: 'letters lost in the source' },
  'St. Marys River': { drop: 'a river' },
  Dam: { drop: 'not a name' },
  'Middle of Poroszl basin': { drop: 'not a name' },
  'Liman near Odessa': { drop: 'not a name' },
  'Liman in Primorsko-Akhtarsk area': { drop: 'not a name' },
  'North Caspian swamp': { drop: 'not a name' },
};

/**
 * Names Natural Earth gives the wrong feature, by the name and a point of the feature meant:
 * its 1:10m lakes call Lago Maggiore "Lago di Como" and Lago di Bolsena "Lago di Bracciano" (the
 * true ones are in the European lakes).
 */
const NAMES_AT: { raw: string; at: Position; rule: NameRule }[] = [
  { raw: 'Lago di Como', at: [8.65, 45.95], rule: { n: 'Lake Maggiore', a: ['Lago Maggiore', 'Verbano'], broken: true } },
  { raw: 'Lago di Bracciano', at: [11.93, 42.6], rule: { n: 'Lake Bolsena', a: ['Lago di Bolsena'], broken: true } },
  // Its island points name Île Saint-Paul "Île Amsterdam" too.
  { raw: 'Île Amsterdam', at: [77.527, -38.722], rule: { n: 'Île Saint-Paul', a: ['Saint-Paul Island'], broken: true } },
];

/** U.S. park units whose names need more than the rule (by unit code): the short name, the full name. */
const PARK_NAMES: Record<string, { short: string; n?: string; a?: string[] }> = {
  HAVO: { short: 'Hawaii Volcanoes', a: ["Hawai'i Volcanoes"] },
  THRO: { short: 'Theodore Roosevelt' },
  SAGU: { short: 'Saguaro' },
  PINN: { short: 'Pinnacles' },
  NPSA: { short: 'American Samoa', n: 'National Park of American Samoa' },
  GRSM: { short: 'Great Smoky Mountains', a: ['Smoky Mountains', 'Smokies'] },
  WRST: { short: 'Wrangell-St. Elias' },
  BITH: { short: 'Big Thicket' },
  JODA: { short: 'John Day Fossil Beds' },
  CANA: { short: 'Canaveral', a: ['Cape Canaveral National Seashore'] },
};
/** U.S. park unit types kept (others are sites, memorials, battlefields, trails). */
const PARK_TYPES = new Set([
  'National Park',
  'National Park and Preserve',
  'National Preserve',
  'National Monument', // outlines only (points of monuments are mostly buildings and sites)
  'National Monument and Preserve',
  'National Seashore',
  'National Lakeshore',
  'National Recreation Area',
  'National River and Recreation Area',
  'National Reserve',
]);
const PARK_POINT_TYPES = new Set([...PARK_TYPES].filter((t) => t !== 'National Monument'));

// ---------------------------------------------------------------------------------------------
// Geometry (longitude, latitude in degrees; areas on a plane scaled by the cosine of latitude)

type Position = [number, number];
type Ring = Position[];
interface RawBox {
  w: number;
  s: number;
  e: number;
  n: number;
}
/** One polygon: its outer ring, its holes, its box and area (km²). */
interface Part {
  outer: Ring;
  holes: Ring[];
  box: RawBox;
  areaKm2: number;
  centroid: Position;
}
interface Feature {
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown } | null;
}

function readFeatures(file: string): Feature[] {
  return (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { features: Feature[] }).features;
}

function ringBox(ring: Ring): RawBox {
  const box = { w: Infinity, s: Infinity, e: -Infinity, n: -Infinity };
  for (const [x, y] of ring) {
    if (x < box.w) box.w = x;
    if (x > box.e) box.e = x;
    if (y < box.s) box.s = y;
    if (y > box.n) box.n = y;
  }
  return box;
}

/** Signed area (deg², x scaled by cos of the ring's middle latitude) and centroid of a ring. */
function ringAreaCentroid(ring: Ring): { area: number; centroid: Position } {
  const box = ringBox(ring);
  const k = Math.cos((((box.s + box.n) / 2) * Math.PI) / 180);
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j];
    const [x1, y1] = ring[i];
    const cross = x0 * k * y1 - x1 * k * y0;
    a += cross;
    cx += (x0 + x1) * k * cross;
    cy += (y0 + y1) * cross;
  }
  a /= 2;
  if (Math.abs(a) < 1e-12) return { area: 0, centroid: [(box.w + box.e) / 2, (box.s + box.n) / 2] };
  return { area: a, centroid: [cx / (6 * a) / k, cy / (6 * a)] };
}

function makePart(rings: Ring[]): Part | undefined {
  const [outer, ...holes] = rings;
  if (!outer || outer.length < 4) return undefined;
  const { area, centroid } = ringAreaCentroid(outer);
  let holeArea = 0;
  for (const hole of holes) holeArea += Math.abs(ringAreaCentroid(hole).area);
  return { outer, holes, box: ringBox(outer), areaKm2: Math.max(0, Math.abs(area) - holeArea) * KM_PER_DEGREE ** 2, centroid };
}

function partsOf(geometry: Feature['geometry']): Part[] {
  if (!geometry) return [];
  const polygons =
    geometry.type === 'Polygon' ? [geometry.coordinates as Ring[]] : geometry.type === 'MultiPolygon' ? (geometry.coordinates as Ring[][]) : [];
  return polygons.map(makePart).filter((p): p is Part => p !== undefined);
}

function inRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inPart(x: number, y: number, part: Part): boolean {
  const b = part.box;
  if (x < b.w || x > b.e || y < b.s || y > b.n) return false;
  return inRing(x, y, part.outer) && !part.holes.some((h) => inRing(x, y, h));
}

function inParts(x: number, y: number, parts: Part[]): boolean {
  return parts.some((p) => inPart(x, y, p));
}

/** A box that may cross 180° (then west > east). */
interface Box {
  s: number;
  w: number;
  n: number;
  e: number;
}

function normLng(x: number): number {
  return x > 180 ? x - 360 : x < -180 ? x + 360 : x;
}

function spanOf(box: Box): number {
  return box.e >= box.w ? box.e - box.w : box.e + 360 - box.w;
}

/** The box of some parts: the narrower of the plain box and the box across 180°. */
function boxOfParts(parts: Part[]): Box {
  return boxOfBoxes(parts.map((p) => p.box));
}

/** The box of some boxes (each west ≤ east): the narrower of the plain box and the box across 180°. */
function boxOfBoxes(boxes: RawBox[]): Box {
  const parts = boxes.map((box) => ({ box }));
  let s = Infinity;
  let n = -Infinity;
  let w = Infinity;
  let e = -Infinity;
  for (const p of parts) {
    s = Math.min(s, p.box.s);
    n = Math.max(n, p.box.n);
    w = Math.min(w, p.box.w);
    e = Math.max(e, p.box.e);
  }
  if (e - w > 180 && parts.every((p) => p.box.e <= 0 || p.box.w >= 0)) {
    let w2 = Infinity;
    let e2 = -Infinity;
    for (const p of parts) {
      const shift = p.box.e <= 0 ? 360 : 0;
      w2 = Math.min(w2, p.box.w + shift);
      e2 = Math.max(e2, p.box.e + shift);
    }
    if (e2 - w2 < e - w) return { s, n, w: normLng(w2), e: normLng(e2) };
  }
  return { s, n, w, e };
}

/** Width and height of a box in km (the width at its latitude nearest the equator). */
function extentKm(box: Box): { width: number; height: number } {
  const lat = box.s > 0 ? box.s : box.n < 0 ? box.n : 0;
  return {
    width: spanOf(box) * KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180),
    height: (box.n - box.s) * KM_PER_DEGREE,
  };
}

function pointBox([x, y]: Position, km: number): Box {
  const dy = km / KM_PER_DEGREE;
  const dx = km / (KM_PER_DEGREE * Math.max(0.05, Math.cos((y * Math.PI) / 180)));
  return { s: Math.max(-90, y - dy), n: Math.min(90, y + dy), w: normLng(x - dx), e: normLng(x + dx) };
}

/** Points of a grid over the box (at most size × size) that lie inside the parts. */
function interiorGrid(parts: Part[], box: Box, size: number): Position[] {
  const span = spanOf(box);
  const points: Position[] = [];
  for (let i = 0; i < size; i++) {
    const y = box.s + ((i + 0.5) / size) * (box.n - box.s);
    for (let j = 0; j < size; j++) {
      const x = normLng(box.w + ((j + 0.5) / size) * span);
      if (inParts(x, y, parts)) points.push([x, y]);
    }
  }
  return points;
}

function isPosition(x: Part[] | Position): x is Position {
  return typeof x[0] === 'number';
}

function distanceKm([x0, y0]: Position, [x1, y1]: Position): number {
  const dx = normLng(x1 - x0) * Math.cos((((y0 + y1) / 2) * Math.PI) / 180);
  return Math.hypot(dx, y1 - y0) * KM_PER_DEGREE;
}

/** Up to `count` vertices of a ring, evenly spaced. */
function sampleVertices(ring: Ring, count: number): Position[] {
  const step = Math.max(1, Math.floor(ring.length / count));
  const out: Position[] = [];
  for (let i = 0; i < ring.length - 1; i += step) out.push(ring[i]);
  return out;
}

/** The centre: area-weighted centroid; inside the main piece when one piece holds most of the area. */
function centreOf(parts: Part[], box: Box): Position {
  const crossing = box.w > box.e;
  let total = 0;
  let cx = 0;
  let cy = 0;
  let largest = parts[0];
  for (const p of parts) {
    const x = crossing && p.centroid[0] < 0 ? p.centroid[0] + 360 : p.centroid[0];
    const weight = p.areaKm2 || 1e-9;
    total += weight;
    cx += x * weight;
    cy += p.centroid[1] * weight;
    if (p.areaKm2 > largest.areaKm2) largest = p;
  }
  const centroid: Position = [normLng(cx / total), cy / total];
  if (inParts(centroid[0], centroid[1], parts) || largest.areaKm2 < 0.6 * total) return centroid;
  if (inPart(largest.centroid[0], largest.centroid[1], largest)) return largest.centroid;
  const grid = interiorGrid([largest], boxOfParts([largest]), 30);
  if (grid.length === 0) return centroid;
  return grid.reduce((best, p) => (distanceKm(p, centroid) < distanceKm(best, centroid) ? p : best));
}

// ---------------------------------------------------------------------------------------------
// Countries (Natural Earth 1:50m) and land (1:10m)

/**
 * Codes by ADM0_A3 where the 1:50m countries give none: ISO_A2 "-99" (none for the disputed
 * Siachen and the Indian Ocean territories, which are two), and units only the label points have
 * (none for the disputed reefs and Clipperton).
 */
const ISO_BY_ADM0: Record<string, string> = {
  FRA: 'FR',
  NOR: 'NO',
  CYN: 'CY',
  SOL: 'SO',
  ATC: 'AU',
  TUV: 'TV',
  UMI: 'UM',
  GIB: 'GI',
  CSI: 'AU',
  WSB: 'GB',
  ESB: 'GB',
  CNM: 'CY',
  KAB: 'KZ',
};

interface Country {
  code: string;
  parts: Part[];
}

const isoByAdm0 = new Map(Object.entries(ISO_BY_ADM0));
const countries: Country[] = readFeatures('ne_50m_admin_0_countries.json').flatMap((f) => {
  const iso = String(f.properties.ISO_A2 ?? '');
  const code = /^[A-Z]{2}$/.test(iso) ? iso : ISO_BY_ADM0[String(f.properties.ADM0_A3)];
  if (code) isoByAdm0.set(String(f.properties.ADM0_A3), code);
  return code ? [{ code, parts: partsOf(f.geometry) }] : [];
});
const countryLabels: { code: string; at: Position }[] = readFeatures('ne_10m_admin_0_label_points.json').flatMap((f) => {
  const code = isoByAdm0.get(String(f.properties.sr_adm0_a3));
  return code && f.geometry ? [{ code, at: f.geometry.coordinates as Position }] : [];
});

function nearestCountryLabel(point: Position, maxKm: number): string | undefined {
  let best: { code: string; km: number } | undefined;
  for (const label of countryLabels) {
    if (Math.abs(label.at[1] - point[1]) > maxKm / KM_PER_DEGREE) continue;
    const km = distanceKm(point, label.at);
    if (km <= maxKm && (!best || km < best.km)) best = { code: label.code, km };
  }
  return best?.code;
}

function countryAt(x: number, y: number): string | undefined {
  return countries.find((c) => inParts(x, y, c.parts))?.code;
}

function nearestCountry(point: Position, maxKm: number): string | undefined {
  const pad = maxKm / KM_PER_DEGREE;
  let best: { code: string; km: number } | undefined;
  for (const c of countries) {
    for (const p of c.parts) {
      const padX = pad / Math.max(0.05, Math.cos((point[1] * Math.PI) / 180));
      if (point[1] < p.box.s - pad || point[1] > p.box.n + pad || point[0] < p.box.w - padX || point[0] > p.box.e + padX) continue;
      for (const v of p.outer) {
        const km = distanceKm(point, v);
        if (km <= maxKm && (!best || km < best.km)) best = { code: c.code, km };
      }
    }
  }
  return best?.code;
}

function countriesOfPoint(point: Position): string[] {
  const code = countryAt(point[0], point[1]) ?? nearestCountry(point, NEAREST_COUNTRY_KM) ?? nearestCountryLabel(point, NEAREST_LABEL_KM);
  return code ? [code] : [];
}

function countriesOfParts(parts: Part[], box: Box, centre: Position): string[] {
  const samples = interiorGrid(parts, box, 24);
  if (samples.length < 12) for (const p of parts) samples.push(...sampleVertices(p.outer, 60));
  const counts = new Map<string, number>();
  let located = 0;
  for (const [x, y] of samples) {
    const code = countryAt(x, y);
    if (!code) continue;
    located++;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  if (located === 0) {
    // Off every outline (small islands, at sea): the country nearest the centre, else the one
    // nearest most of the outline's points.
    const near = countriesOfPoint(centre);
    if (near.length > 0) return near;
    const votes = new Map<string, number>();
    for (const p of parts) {
      for (const v of sampleVertices(p.outer, 8)) {
        const code = countryAt(v[0], v[1]) ?? nearestCountry(v, NEAREST_COUNTRY_KM);
        if (code) votes.set(code, (votes.get(code) ?? 0) + 1);
      }
    }
    const best = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    return best ? [best[0]] : [];
  }
  return [...counts]
    .filter(([, n]) => n / located >= COUNTRY_SHARE)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code]) => code);
}

const landParts: Part[] = [...readFeatures('ne_10m_land.json'), ...readFeatures('ne_10m_minor_islands.json')].flatMap((f) => partsOf(f.geometry));

function boxesMeet(a: RawBox, b: RawBox): boolean {
  return a.w <= b.e && b.w <= a.e && a.s <= b.n && b.s <= a.n;
}

/** Land pieces lying mostly inside a label area (at least half of their sampled coast; the area's holes, often the islands themselves, filled). */
function landInside(labelArea: Part[]): Part[] {
  const area = labelArea.map((p) => ({ ...p, holes: [] }));
  return landParts.filter((land) => {
    if (!area.some((a) => boxesMeet(a.box, land.box))) return false;
    const vertices = sampleVertices(land.outer, 60);
    const inside = vertices.filter(([x, y]) => inParts(x, y, area)).length;
    return inside * 2 >= vertices.length;
  });
}

/**
 * The land outlines of an island or island group drawn as a label area, or undefined when the
 * area is not made of whole islands (a peninsula called an island, an island of a continent's
 * outline). An island: the land under the label area's centre must be one of its pieces (or, the
 * centre being at sea, its pieces must cover a fifth of the area). A group: its islands cover at
 * least 1% of the label area and their box is at least half as wide and half as tall as the
 * label area's (else the label area holds only some of the islands whole: the Lesser Antilles).
 */
function islandLand(area: Part[], kind: 'island' | 'island_group'): Part[] | undefined {
  const pieces = landInside(area);
  if (pieces.length === 0) return undefined;
  const landArea = pieces.reduce((sum, p) => sum + p.areaKm2, 0);
  const areaKm2 = area.reduce((sum, p) => sum + p.areaKm2, 0);
  if (kind === 'island_group') {
    const label = extentKm(boxOfParts(area));
    const coast = extentKm(boxOfParts(pieces));
    const whole = coast.width >= 0.5 * label.width && coast.height >= 0.5 * label.height;
    return whole && landArea >= 0.01 * areaKm2 ? pieces : undefined;
  }
  const centre = centreOf(area, boxOfParts(area));
  const under = landParts.find((land) => inPart(centre[0], centre[1], land));
  if (under) return pieces.includes(under) ? pieces : undefined;
  return landArea >= 0.2 * areaKm2 ? pieces : undefined;
}

/** The land of an island point: the piece under it, else the pieces within 15 km (an atoll's). */
function islandOfPoint(point: Position): Part[] | undefined {
  const under = landParts.find((land) => inPart(point[0], point[1], land));
  if (under) return [under];
  const pad = pointBox(point, 15);
  const near = landParts.filter(
    (land) => boxesMeet(land.box, { w: pad.w, s: pad.s, e: pad.e, n: pad.n }) && land.outer.some((v) => distanceKm(point, v) <= 15),
  );
  return near.length > 0 ? near : undefined;
}

// ---------------------------------------------------------------------------------------------
// Names

const SMALL_WORDS = new Set('of the de del des du da do dos das la le les and y e al el di van von und et'.split(' '));
const ABBREVIATIONS: Record<string, string> = {
  'I.': 'Island',
  'Is.': 'Islands',
  'Mts.': 'Mountains',
  Mts: 'Mountains',
  'Ra.': 'Range',
  'Pen.': 'Peninsula',
  'Plat.': 'Plateau',
  'Arch.': 'Archipelago',
  'Pk.': 'Peak',
  'Mt.': 'Mountain',
  'Mtn.': 'Mountain',
};
const LEADING_ABBREVIATIONS: Record<string, string> = { 'Mt.': 'Mount', 'Cord.': 'Cordillera', 'Is.': 'Islas' };

/** A word of a name in capitals, in title case: "sikhote-alin’" → "Sikhote-Alin’", "d’ungava" → "d’Ungava". */
function capitalise(word: string, index: number): string {
  const elided = /^([dl][’'])(.+)$/.exec(word);
  if (elided && index > 0) return elided[1] + capitalise(elided[2], 0);
  return word.replace(/(^|[-(])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase());
}

/** Natural Earth's name as a reader would write it: capitals to title case, abbreviations spelled out. */
function cleanName(raw: string): string {
  let name = raw.replace(/\s+/g, ' ').replace(/,$/, '').trim();
  if (/\p{Lu}{2}/u.test(name) && name === name.toUpperCase()) {
    name = name
      .toLowerCase()
      .split(' ')
      .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : capitalise(w, i)))
      .join(' ');
  }
  return name
    .split(' ')
    .map((w, i) => (i === 0 ? (LEADING_ABBREVIATIONS[w] ?? w) : (ABBREVIATIONS[w] ?? w)))
    .join(' ');
}

/**
 * Names that lost letters in the source (non-ASCII letters dropped: "Storsjn" for Storsjön,
 * "Tyrjrvi", "Kulundinskoye Kli"), or that are not names ("Iijärvi 7", "Balta Bistre?"): such a
 * lake is left out (the ones worth keeping are spelt right in NAMES), such an alias dropped.
 */
const LOST_LETTERS = [
  /\?/,
  /^(?!de\p{Lu})\p{Ll}/u, // "htrinjärvi" (not "deBartok Lake")
  /(?:sjn|sjen|sj|jrvi|syvnne|Kli|kl)(?!\p{L})/iu, // Swedish sjön, Norwegian sjøen, Finnish järvi, Kazakh köli
  /Rservoir/,
  /(?:^|\s)[b-df-hj-np-tv-xz]{3,}(?=\s|$)/i, // a word without a vowel: "Mjrn", "Blsj"
];
const lostLetters = (name: string) => LOST_LETTERS.some((re) => re.test(name));

/** Lakes: Natural Earth's alternative names that are groupings, not names of the lake. */
const NOT_ALIASES = new Set(['great lakes', 'finger lakes']);

/** Local forms of "lake" turned into English ("Limni Vistonis" → "Lake Vistonis"), the local name kept. */
function englishLakeName(name: string): string {
  const lough = /^(.+) \(Lough\)$/.exec(name);
  if (lough) return `Lough ${lough[1]}`;
  const prefixed = /^(?:Limni|Lacul|Jezioro|Ozero|Danau) (.+)$/.exec(name);
  if (prefixed) return `Lake ${prefixed[1]}`;
  const suffixed = /^(.+) (?:Golu|Gölü|Gl|Gölu)$/.exec(name);
  if (suffixed) return `Lake ${suffixed[1]}`;
  return name;
}

// ---------------------------------------------------------------------------------------------
// Candidates

interface Candidate {
  name: string;
  aliases: string[];
  kind: Kind;
  /** Countries given by hand (NAMES), else computed from countryParts, else from parts. */
  countries?: string[];
  countryParts?: Part[];
  /** The country when none is found (a U.S. park unit off every outline: Dry Tortugas). */
  fallbackCountry?: string;
  /** The outline (bbox and centre from it), or the point Natural Earth gives. */
  parts?: Part[];
  point?: Position;
  /** Area of the outline (km²), for lakes' minimum. */
  areaKm2?: number;
}

const dropped: string[] = [];

/** A candidate from a Natural Earth name and class, NAMES (or NAMES_AT) applied; undefined when left out. */
function named(raw: string, alternative: unknown, kind: Kind | undefined, where?: Part[] | Position): Omit<Candidate, 'parts' | 'point'> | undefined {
  const placed = NAMES_AT.find(
    (r) =>
      r.raw === raw &&
      where !== undefined &&
      (isPosition(where)
        ? distanceKm(where, r.at) < 10
        : where.some((p) => boxesMeet(p.box, { w: r.at[0], e: r.at[0], s: r.at[1], n: r.at[1] }))),
  );
  const rule = placed?.rule ?? NAMES[raw] ?? {};
  if (rule.drop) {
    dropped.push(`${raw}: ${rule.drop}`);
    return undefined;
  }
  const finalKind = rule.k ?? kind;
  if (!finalKind) return undefined;
  const cleaned = cleanName(raw);
  const name = rule.n ?? cleaned;
  if (!rule.n && lostLetters(name)) {
    dropped.push(`${raw}: letters lost in the source`);
    return undefined;
  }
  const aliases = [rule.broken ? '' : cleaned, ...(rule.a ?? [])];
  if (typeof alternative === 'string') {
    for (const alt of alternative.split(',')) {
      if (alt.trim() && !NOT_ALIASES.has(foldText(alt)) && !lostLetters(alt.trim())) aliases.push(cleanName(alt));
    }
  }
  return { name, aliases, kind: finalKind, countries: rule.c };
}

const candidates: Candidate[] = [];
let islandsOnLand = 0;
let islandsOnLabelArea = 0;

// Regions: polygons
for (const f of readFeatures('ne_10m_geography_regions_polys.json')) {
  const p = f.properties;
  if (!p.name) continue;
  const base = named(String(p.name), p.namealt, KIND_OF_CLASS[String(p.featurecla)]);
  if (!base) continue;
  let parts = partsOf(f.geometry);
  if (parts.length === 0) continue;
  // The label area with its holes filled (an island group's label area often has its islands as holes).
  const holesKm2 = (part: Part) => part.holes.reduce((sum, ring) => sum + Math.abs(ringAreaCentroid(ring).area) * KM_PER_DEGREE ** 2, 0);
  const labelKm2 = parts.reduce((sum, part) => sum + part.areaKm2 + holesKm2(part), 0);
  const points = parts.reduce((sum, part) => sum + part.outer.length, 0);
  const placeholder = labelKm2 < MIN_LABEL_KM2 || (points < 10 && labelKm2 < MIN_FEW_POINTS_LABEL_KM2);
  if (parts.every((part) => part.box.w <= -179.99 || part.box.e >= 179.99) && spanOf(boxOfParts(parts)) < 0.1) {
    // This conversion cut some label areas at 180° to slivers (Fiji, Lau Group, Taveuni).
    dropped.push(`${base.name}: label area cut to a sliver at 180°`);
    continue;
  }
  const label = parts;
  let countryParts: Part[] | undefined;
  if (base.kind === 'island') {
    // A placeholder's island is the land under it (Lesbos, Marajó); an atoll's placeholder square stays.
    const land = placeholder ? islandOfPoint(centreOf(label, boxOfParts(label))) : islandLand(label, 'island');
    const landBox = land && boxOfParts(land);
    if (land && landBox && (!placeholder || Math.max(extentKm(landBox).width, extentKm(landBox).height) <= 300)) {
      parts = land;
      islandsOnLand++;
    } else if (labelKm2 < MIN_LABEL_KM2) {
      dropped.push(`${base.name}: label area a placeholder (${Math.round(labelKm2)} km², ${points} points), no island under it`);
      continue;
    } else islandsOnLabelArea++;
  } else if (placeholder && !NAMES[String(p.name)]?.keep) {
    dropped.push(`${base.name}: label area a placeholder (${Math.round(labelKm2)} km², ${points} points)`);
    continue;
  } else if (base.kind === 'island_group') {
    const land = islandLand(label, 'island_group');
    if (land) {
      parts = land;
      islandsOnLand++;
    } else {
      // The box is the label area's; the countries are those of the islands in it.
      const inside = landInside(label);
      if (inside.length > 0) countryParts = inside;
      islandsOnLabelArea++;
    }
  }
  candidates.push({ ...base, parts, countryParts });
}

// Regions: points (islands are boxed by their land)
for (const f of readFeatures('ne_10m_geography_regions_points.json')) {
  const p = f.properties;
  if (!p.name || !f.geometry) continue;
  const point = f.geometry.coordinates as Position;
  const base = named(String(p.name), p.name_alt, KIND_OF_CLASS[String(p.featurecla)], point);
  if (!base) continue;
  if (base.kind === 'island' || base.kind === 'island_group') {
    const land = islandOfPoint(point);
    const box = land && boxOfParts(land);
    if (land && box && Math.max(extentKm(box).width, extentKm(box).height) <= 300) {
      candidates.push({ ...base, parts: land });
      continue;
    }
  }
  candidates.push({ ...base, point });
}

// Peaks and depressions
for (const f of readFeatures('ne_10m_geography_regions_elevation_points.json')) {
  const p = f.properties;
  if (!p.name || !f.geometry) continue;
  const cls = String(p.featurecla);
  if (cls === 'mountain' && Number(p.scalerank) > MAX_PEAK_SCALERANK) continue;
  const base = named(String(p.name), p.name_alt, KIND_OF_CLASS[cls]);
  if (!base) continue;
  if (base.name.startsWith('Mount ')) base.aliases.push(base.name.replace(/^Mount /, 'Mt. '));
  candidates.push({ ...base, point: f.geometry.coordinates as Position });
}

// Lakes
for (const file of ['ne_10m_lakes.json', 'ne_10m_lakes_europe.json', 'ne_10m_lakes_north_america.json']) {
  for (const f of readFeatures(file)) {
    const p = f.properties;
    if (!p.name) continue;
    const raw = String(p.name);
    const alternative = typeof p.name_alt === 'string' ? p.name_alt.split(',')[0].trim() : undefined;
    const parts = partsOf(f.geometry);
    if (parts.length === 0) continue;
    const base = named(raw, p.name_alt, 'lake', parts);
    if (!base) continue;
    if (base.name === cleanName(raw) && !NAMES[raw]?.n) {
      // "Ozero Keta" with "Lake Keta" as its alternative: the English one first.
      if (alternative && /^Lake /.test(alternative) && !/\bLake\b/.test(raw)) base.name = alternative;
      else base.name = englishLakeName(base.name);
    }
    candidates.push({ ...base, parts, areaKm2: parts.reduce((sum, part) => sum + part.areaKm2, 0) });
  }
}

// U.S. National Park Service units
const PARK_SUFFIX = / (?:NP|NM|NRA|NS|NL|N PRES|NRRA|NM & PRES|N RES)$/;
function park(p: Record<string, unknown>): Omit<Candidate, 'parts' | 'point'> | undefined {
  const type = String(p.unit_type ?? '');
  const code = String(p.unit_code ?? '').trim();
  const rule = PARK_NAMES[code];
  const short = rule?.short ?? String(p.name ?? '').replace(PARK_SUFFIX, '').trim();
  if (!short) return undefined;
  const aliases = [short, ...(rule?.a ?? [])];
  if (type.startsWith('National Park')) aliases.push(`${short} National Park`, `${short} NP`);
  return { name: rule?.n ?? `${short} ${type}`, aliases, kind: 'park', fallbackCountry: 'US' };
}

const parkUnitsWithOutline = new Set<string>();
for (const f of readFeatures('ne_10m_parks_and_protected_lands_area.json')) {
  const p = f.properties;
  if (!PARK_TYPES.has(String(p.unit_type))) continue;
  const base = park(p);
  const parts = partsOf(f.geometry);
  if (!base || parts.length === 0) continue;
  parkUnitsWithOutline.add(String(p.unit_code).trim());
  candidates.push({ ...base, parts });
}
const parkPoints = new Map<string, { base: Omit<Candidate, 'parts' | 'point'>; points: Position[] }>();
for (const f of readFeatures('ne_10m_parks_and_protected_lands_point.json')) {
  const p = f.properties;
  const code = String(p.unit_code ?? '').trim();
  if (!PARK_POINT_TYPES.has(String(p.unit_type)) || parkUnitsWithOutline.has(code) || !f.geometry) continue;
  const base = park(p);
  if (!base) continue;
  const entry = parkPoints.get(code) ?? { base, points: [] };
  entry.points.push(f.geometry.coordinates as Position);
  parkPoints.set(code, entry);
}

// ---------------------------------------------------------------------------------------------
// Areas

interface Area {
  name: string;
  aliases: string[];
  kind: Kind;
  countries: string[];
  centre: Position;
  box: Box;
  fromPoint: boolean;
}

function outlineArea(c: Candidate, parts: Part[]): Area {
  const box = boxOfParts(parts);
  const centre = centreOf(parts, box);
  const counted = c.countryParts ?? parts;
  let countries = c.countries ?? countriesOfParts(counted, boxOfParts(counted), centre);
  if (countries.length === 0 && c.fallbackCountry) countries = [c.fallbackCountry];
  return { name: c.name, aliases: c.aliases, kind: c.kind, countries, centre, box, fromPoint: false };
}

function pointArea(c: Candidate, points: Position[]): Area {
  const km = POINT_BOX_KM[c.kind] ?? 20;
  const boxes = points.map((p) => pointBox(p, km));
  const box: Box = points.length === 1 ? boxes[0] : boxOfBoxes(boxes);
  const centre: Position = points.length === 1 ? points[0] : [normLng(box.w + spanOf(box) / 2), (box.s + box.n) / 2];
  let countries = c.countries ?? countriesOfPoint(centre);
  if (countries.length === 0 && c.fallbackCountry) countries = [c.fallbackCountry];
  return { name: c.name, aliases: c.aliases, kind: c.kind, countries, centre, box, fromPoint: true };
}

// Lakes below the minimum go; the same area twice (same name and kind, outlines within
// SAME_AREA_KM: both basins of the Dead Sea, a lake in two files) is one.
const SAME_AREA_KM = 15;
const outlines: Candidate[] = [];
for (const c of candidates) {
  if (!c.parts) continue;
  if (c.kind === 'lake' && c.areaKm2 !== undefined && c.areaKm2 < MIN_LAKE_KM2) continue;
  const key = foldText(c.name);
  const box = boxOfParts(c.parts);
  const same = outlines.find((o) => {
    if (o.kind !== c.kind || foldText(o.name) !== key) return false;
    const ob = boxOfParts(o.parts!);
    const pad = SAME_AREA_KM / KM_PER_DEGREE;
    const padX = pad / Math.max(0.05, Math.cos((((box.s + box.n) / 2) * Math.PI) / 180));
    return ob.s - pad <= box.n && box.s - pad <= ob.n && ob.w - padX <= box.e && box.w - padX <= ob.e;
  });
  if (same) {
    same.parts = [...same.parts!, ...c.parts];
    same.aliases.push(...c.aliases);
  } else outlines.push({ ...c, aliases: [...c.aliases] });
}

const areas: Area[] = outlines.map((c) => outlineArea(c, c.parts!));

function names(a: { name: string; aliases: string[] }): Set<string> {
  return new Set([a.name, ...a.aliases].map(foldText).filter(Boolean));
}

/** Whether a point is in a box widened by padKm on every side. */
function inBox([x, y]: Position, box: Box, padKm: number): boolean {
  const padY = padKm / KM_PER_DEGREE;
  const padX = padY / Math.max(0.05, Math.cos((y * Math.PI) / 180));
  if (y < box.s - padY || y > box.n + padY) return false;
  return box.w <= box.e ? x >= box.w - padX && x <= box.e + padX : x >= box.w - padX || x <= box.e + padX;
}

// Points: left out when an area has the point's name as its name or alias there (the point's
// names kept as aliases): the depression "Death Valley" in Death Valley National Park.
const pointCandidates: { c: Candidate; points: Position[] }[] = [
  ...candidates.filter((c) => c.point).map((c) => ({ c, points: [c.point!] })),
  ...[...parkPoints.values()].map(({ base, points }) => ({ c: { ...base } as Candidate, points })),
];
for (const { c, points } of pointCandidates) {
  const own = foldText(c.name);
  const home = areas.find((a) => names(a).has(own) && points.every((p) => inBox(p, a.box, 10)));
  if (home) {
    home.aliases.push(c.name, ...c.aliases);
    continue;
  }
  const twin = areas.find((a) => a.fromPoint && a.kind === c.kind && foldText(a.name) === foldText(c.name) && distanceKm(a.centre, points[0]) < 50);
  if (twin) continue;
  areas.push(pointArea(c, points));
}

// Filters
const kept: Area[] = [];
let tooLarge = 0;
let antarctic = 0;
for (const a of areas) {
  if (a.centre[1] < -60) {
    antarctic++;
    continue;
  }
  const { width, height } = extentKm(a.box);
  if (Math.max(width, height) > MAX_EXTENT_KM) {
    tooLarge++;
    dropped.push(`${a.name}: ${Math.round(Math.max(width, height))} km across`);
    continue;
  }
  kept.push(a);
}

// ---------------------------------------------------------------------------------------------
// Output

const source = (what: string, path: string): AreaSourceNote => ({ what, repository: REPOSITORY, path, commit: COMMIT });
const about =
  `Named geographic areas a traveller may look for hotels in, from Natural Earth (public domain), made by scripts/derive-areas.ts (rules there). ` +
  `Each area: n name (English where there is one), a aliases (local names, other spellings), k kind, c countries (ISO 3166-1 alpha-2 codes of the countries holding at least ${COUNTRY_SHARE * 100}% of the area, largest first; for a point or a small island, the country it is in or within ${NEAREST_COUNTRY_KM} km, else the one whose label point is within ${NEAREST_LABEL_KM} km; [] for none), ` +
  `ll centre [lat, lng], bb box [south, west, north, east] (west > east: the box crosses 180°), p 1 when Natural Earth has only a point and the box is a square drawn around it (${Object.entries(POINT_BOX_KM)
    .map(([k, km]) => `${k} ${km * 2} km`)
    .join(', ')} across). ` +
  `Kinds: ${Object.entries(KINDS)
    .map(([k, d]) => `${k} (${d})`)
    .join(', ')}. ` +
  `Boxes come from outlines: islands and island groups from their coasts where Natural Earth's label area holds them whole, other regions from Natural Earth's hand-drawn label areas (a few km to tens of km loose), lakes and parks from their outlines. ` +
  `Left out: Antarctica (south of 60°S), continents, areas more than ${MAX_EXTENT_KM} km across, lakes under ${MIN_LAKE_KM2} km², oceans and seas (not in these files), parks other than the U.S. National Park Service's (Natural Earth has no others).`;

const json = areaFileText(
  about,
  [
    source('islands, island groups, peninsulas, coasts, ranges, deserts, plateaus, plains, valleys, deltas, regions (label areas)', '10m/physical/ne_10m_geography_regions_polys.7z'),
    source('capes, small islands, waterfalls (points)', '10m/physical/ne_10m_geography_regions_points.json'),
    source('peaks and depressions (points)', '10m/physical/ne_10m_geography_regions_elevation_points.json'),
    source('lakes and reservoirs', '10m/physical/ne_10m_lakes.7z'),
    source('lakes of Europe (more detail)', '10m/physical/ne_10m_lakes_europe.json'),
    source('lakes of North America (more detail)', '10m/physical/ne_10m_lakes_north_america.json'),
    source('U.S. National Park Service units (outlines)', '10m/cultural/ne_10m_parks_and_protected_lands_area.json'),
    source('U.S. National Park Service units (points)', '10m/cultural/ne_10m_parks_and_protected_lands_point.json'),
    source('land, for the coasts of islands', '10m/physical/ne_10m_land.7z'),
    source('minor islands, for the coasts of islands', '10m/physical/ne_10m_minor_islands.json'),
    source('countries (de facto), for the countries of an area', '50m/cultural/ne_50m_admin_0_countries.7z'),
    source('country label points, for the countries of small islands', '10m/cultural/ne_10m_admin_0_label_points.json'),
  ],
  kept.map((a) => ({ ...a, lat: a.centre[1], lng: a.centre[0], box: [a.box.s, a.box.w, a.box.n, a.box.e] as const, point: a.fromPoint })),
);

mkdirSync(fileURLToPath(new URL('../src/places/data/', import.meta.url)), { recursive: true });
writeFileSync(OUTPUT, json);

const perKind = new Map<string, number>();
for (const a of kept) perKind.set(a.kind, (perKind.get(a.kind) ?? 0) + 1);
console.log(`${kept.length} areas, ${(json.length / 1024).toFixed(0)} KB -> ${OUTPUT}`);
console.log([...perKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', '));
console.log(`islands boxed by their coasts ${islandsOnLand}, by the label area ${islandsOnLabelArea}; left out: ${tooLarge} too large, ${antarctic} Antarctic`);
if (process.env.VERBOSE) for (const d of dropped) console.log(`  dropped ${d}`);
