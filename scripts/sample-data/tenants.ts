/**
 * The four demo tenants: who they are, where their locations are and what stock they carry.
 * Names, places and brands are data here; the generators turn them into feed records.
 */
import type { PlaceKey } from './places';

export type TemplateKind = 'dealer' | 'group' | 'manufacturer' | 'caravan';
export type CarType = 'new' | 'demo' | 'used';

export interface DealershipPlan {
  /** Dealership name; split layouts add " Sales", " Service" and " Parts" to name locations. */
  name: string;
  place: PlaceKey;
  /** Brands sold new here (group: GROUP_BRANDS names; others: makes). */
  brands: string[];
  layout: 'single' | 'sales-service' | 'sales-service-parts';
  primary?: boolean;
  subtype?: string;
  /** Name of the dealership this yard belongs to, when it is a second site of another one. */
  partOf?: string;
  /** Holds no stock (a car-buying centre). */
  noStock?: boolean;
  /** Relative share of the tenant's stock (default 1). */
  weight?: number;
}

export interface TenantProfile {
  slug: string;
  template: TemplateKind;
  name: string;
  /** Fascia colour of location images and offer banners. */
  colour: string;
  carCount: number;
  /** Ids are tenant-specific ranges so records never collide across tenants. */
  idBase: number;
  /** Last four digits of the first location's landline; later locations count up by 10. */
  phoneBase: number;
  /** include_sold_cars_days when the tenant file is not read (generateCars). */
  soldDays: number;
  financeProvider: string;
  carTypes: [CarType, number][];
  dealerships: DealershipPlan[];
  reviewCount: number;
  offerCount: number;
}

const one = (
  name: string,
  place: PlaceKey,
  brands: string[],
  extra: Partial<DealershipPlan> = {},
): DealershipPlan => ({
  name,
  place,
  brands,
  layout: 'single',
  ...extra,
});
const split = (
  name: string,
  place: PlaceKey,
  brands: string[],
  extra: Partial<DealershipPlan> = {},
): DealershipPlan => ({
  name,
  place,
  brands,
  layout: 'sales-service-parts',
  ...extra,
});

const BAYSIDE: TenantProfile = {
  slug: 'bayside-toyota',
  template: 'dealer',
  name: 'Bayside Toyota',
  colour: '#c8102e',
  carCount: 700,
  idBase: 410_000,
  phoneBase: 6100,
  soldDays: 3,
  financeProvider: 'stratton',
  carTypes: [
    ['new', 40],
    ['demo', 15],
    ['used', 45],
  ],
  dealerships: [
    split('Bayside Toyota', 'capalaba', ['Toyota'], { primary: true, weight: 4 }),
    one('Bayside Toyota Cleveland', 'cleveland', ['Toyota'], {
      partOf: 'Bayside Toyota',
      subtype: 'buying',
      weight: 1,
    }),
  ],
  reviewCount: 25,
  offerCount: 6,
};

const S = 'Southern Cross';
const SOUTHERN_CROSS: TenantProfile = {
  slug: 'southern-cross-motor-group',
  template: 'group',
  name: 'Southern Cross Motor Group',
  colour: '#0b3d91',
  carCount: 1300,
  idBase: 520_000,
  phoneBase: 2000,
  soldDays: 7,
  financeProvider: 'youx',
  carTypes: [
    ['new', 40],
    ['demo', 15],
    ['used', 45],
  ],
  dealerships: [
    // New South Wales
    split(`${S} Toyota Parramatta`, 'parramatta', ['Toyota'], { primary: true }),
    one(`${S} Mazda Penrith`, 'penrith', ['Mazda']),
    one(`${S} Hyundai Liverpool`, 'liverpool', ['Hyundai']),
    one(`${S} Kia Castle Hill`, 'castleHill', ['Kia']),
    split(`${S} Mercedes-Benz Artarmon`, 'artarmon', ['Mercedes-Benz']),
    one(`${S} BMW Alexandria`, 'alexandria', ['BMW', 'Mini']),
    one(`${S} Volkswagen Brookvale`, 'brookvale', ['Volkswagen', 'Cupra']),
    one(`${S} Subaru Blacktown`, 'blacktown', ['Subaru']),
    one(`${S} Nissan Campbelltown`, 'campbelltown', ['Nissan']),
    one(`${S} Mitsubishi Cardiff`, 'cardiff', ['Mitsubishi']),
    one(`${S} Ford Newcastle`, 'newcastleWest', ['Ford']),
    one(`${S} Isuzu UTE Maitland`, 'maitland', ['Isuzu UTE']),
    one(`${S} Honda Wollongong`, 'wollongong', ['Honda']),
    one(`${S} Motorcycles Wollongong`, 'wollongong', ['Yamaha', 'Kawasaki']),
    split(`${S} Trucks Wetherill Park`, 'wetherillPark', ['Isuzu Trucks', 'Hino', 'Fuso']),
    one(`${S} GWM Gosford`, 'gosford', ['GWM']),
    one(`${S} Wagga Wagga`, 'waggaWagga', ['Mitsubishi', 'MG', 'LDV']),
    one(`${S} Tamworth`, 'tamworth', ['Kia', 'Suzuki']),
    one(`${S} Car Buying Centre`, 'alexandria', [], { subtype: 'buying', noStock: true }),
    // Australian Capital Territory
    one(`${S} Audi Canberra`, 'phillip', ['Audi']),
    one(`${S} Skoda Fyshwick`, 'fyshwick', ['Skoda']),
    one(`${S} Motorcycles Canberra`, 'mitchell', ['Ducati', 'Triumph']),
    // Victoria
    split(`${S} Mazda Ringwood`, 'ringwood', ['Mazda']),
    one(`${S} Lexus Doncaster`, 'doncaster', ['Lexus']),
    one(`${S} Hyundai Essendon Fields`, 'essendonFields', ['Hyundai', 'Genesis']),
    one(`${S} Ford Dandenong`, 'dandenong', ['Ford']),
    one(`${S} Kia Frankston`, 'frankston', ['Kia']),
    one(`${S} BYD Cheltenham`, 'cheltenham', ['BYD']),
    one(`${S} Volvo Berwick`, 'berwick', ['Volvo']),
    split(`${S} Toyota Geelong`, 'geelong', ['Toyota']),
    one(`${S} Subaru Ballarat`, 'ballarat', ['Subaru']),
    split(`${S} Trucks Dandenong`, 'dandenongSouth', [
      'UD Trucks',
      'Iveco',
      'Mercedes-Benz Trucks',
    ]),
    one(`${S} Motorcycles Ringwood`, 'ringwood', ['Ducati', 'Triumph', 'KTM']),
    one(`${S} Land Rover Docklands`, 'docklands', ['Land Rover', 'Jaguar']),
    one(`${S} Chery Epping`, 'epping', ['Chery']),
    // Tasmania
    one(`${S} Hobart`, 'hobart', ['Mazda', 'Kia', 'Hyundai']),
    one(`${S} Launceston`, 'launceston', ['Mitsubishi', 'Nissan', 'Subaru']),
    // Queensland
    one(`${S} Kia Aspley`, 'aspley', ['Kia']),
    one(`${S} Jeep Windsor`, 'windsor', ['Jeep', 'RAM', 'Alfa Romeo']),
    split(`${S} Mazda Springwood`, 'springwood', ['Mazda']),
    one(`${S} Hyundai Southport`, 'southport', ['Hyundai']),
    one(`${S} Nissan Maroochydore`, 'maroochydore', ['Nissan']),
    one(`${S} Townsville`, 'townsville', ['Isuzu UTE', 'Mitsubishi', 'Ford']),
    one(`${S} Cairns`, 'cairns', ['Kia', 'Mazda', 'Suzuki']),
    one(`${S} Motorcycles Moorooka`, 'moorooka', [
      'Yamaha',
      'Honda Motorcycles',
      'Royal Enfield',
      'BMW Motorrad',
    ]),
    one(`${S} Trucks Eagle Farm`, 'eagleFarm', ['Isuzu Trucks', 'Hino', 'Fuso']),
    one(`${S} Porsche Indooroopilly`, 'indooroopilly', ['Porsche']),
    one(`${S} Toyota Toowoomba`, 'toowoomba', ['Toyota']),
    // South Australia
    one(`${S} Peugeot Kent Town`, 'kentTown', ['Peugeot', 'Renault']),
    one(`${S} MG Elizabeth`, 'elizabeth', ['MG', 'LDV']),
    one(`${S} Mercedes-Benz Adelaide`, 'adelaide', ['Mercedes-Benz']),
    one(`${S} Motorcycles Mile End`, 'mileEnd', ['Kawasaki', 'KTM']),
    one(`${S} Toyota Morphett Vale`, 'morphettVale', ['Toyota']),
    // Western Australia
    one(`${S} Audi Osborne Park`, 'osbornePark', ['Audi']),
    one(`${S} Mitsubishi Cannington`, 'cannington', ['Mitsubishi']),
    one(`${S} Honda Midland`, 'midland', ['Honda']),
    one(`${S} Suzuki Joondalup`, 'joondalup', ['Suzuki']),
    one(`${S} Isuzu UTE Rockingham`, 'rockingham', ['Isuzu UTE']),
    one(`${S} Bunbury`, 'bunbury', ['Ford', 'Mazda', 'Kia']),
    one(`${S} Motorcycles Myaree`, 'myaree', ['Kawasaki', 'KTM', 'Triumph']),
    // Northern Territory
    split(`${S} Darwin`, 'winnellie', ['Isuzu UTE', 'Mitsubishi', 'Nissan']),
    one(`${S} Trucks Darwin`, 'winnellie', ['Isuzu Trucks', 'Hino']),
  ],
  reviewCount: 30,
  offerCount: 10,
};

const sales2 = (
  name: string,
  place: PlaceKey,
  extra: Partial<DealershipPlan> = {},
): DealershipPlan => ({
  name,
  place,
  brands: ['Aurora'],
  layout: 'sales-service',
  ...extra,
});
const dealer = (name: string, place: PlaceKey, weight = 1): DealershipPlan =>
  one(name, place, ['Aurora'], { weight });

const AURORA: TenantProfile = {
  slug: 'aurora-motors',
  template: 'manufacturer',
  name: 'Aurora Motors Australia',
  colour: '#10433f',
  carCount: 600,
  idBase: 630_000,
  phoneBase: 3000,
  soldDays: 0,
  financeProvider: 'stratton',
  carTypes: [
    ['new', 70],
    ['demo', 28],
    ['used', 2],
  ],
  dealerships: [
    sales2('Aurora Docklands', 'docklands', { primary: true, weight: 1.5 }),
    sales2('Parramatta Aurora', 'parramatta', { weight: 1.5 }),
    dealer('Aurora Penrith', 'penrith'),
    dealer('Northern Beaches Aurora', 'brookvale'),
    dealer('Aurora Liverpool', 'liverpool'),
    dealer('Newcastle Aurora', 'cardiff'),
    dealer('Illawarra Aurora', 'wollongong'),
    dealer('Central Coast Aurora', 'gosford'),
    dealer('Riverina Aurora', 'waggaWagga', 0.6),
    dealer('Port Macquarie Aurora', 'portMacquarie', 0.6),
    dealer('Capital Aurora', 'phillip'),
    dealer('Eastern Aurora', 'ringwood'),
    dealer('Aurora Essendon Fields', 'essendonFields'),
    dealer('Peninsula Aurora', 'frankston'),
    dealer('Geelong Aurora', 'geelong'),
    dealer('Ballarat Aurora', 'ballarat', 0.7),
    dealer('Goulburn Valley Aurora', 'shepparton', 0.6),
    dealer('Latrobe Valley Aurora', 'traralgon', 0.6),
    dealer('Aurora Hobart', 'moonah', 0.8),
    dealer('Launceston Aurora', 'launceston', 0.6),
    sales2('Aurora Windsor', 'windsor', { weight: 1.4 }),
    dealer('Gold Coast Aurora', 'southport'),
    dealer('Sunshine Coast Aurora', 'maroochydore'),
    dealer('Ipswich Aurora', 'ipswich'),
    dealer('Townsville Aurora', 'townsville', 0.7),
    dealer('Cairns Aurora', 'cairns', 0.7),
    dealer('Toowoomba Aurora', 'toowoomba', 0.6),
    dealer('Rockhampton Aurora', 'rockhampton', 0.6),
    dealer('Aurora Adelaide', 'mileEnd'),
    dealer('Aurora Elizabeth', 'elizabeth', 0.8),
    dealer('Mount Gambier Aurora', 'mountGambier', 0.5),
    dealer('Aurora Osborne Park', 'osbornePark'),
    dealer('Aurora Cannington', 'cannington'),
    dealer('Bunbury Aurora', 'bunbury', 0.6),
    dealer('Top End Aurora', 'winnellie', 0.6),
  ],
  reviewCount: 20,
  offerCount: 5,
};

const SUNSET: TenantProfile = {
  slug: 'sunset-caravans',
  template: 'caravan',
  name: 'Sunset Caravans',
  colour: '#a4361b',
  carCount: 400,
  idBase: 740_000,
  phoneBase: 4400,
  soldDays: 14,
  financeProvider: 'stratton',
  carTypes: [
    ['new', 55],
    ['demo', 5],
    ['used', 40],
  ],
  dealerships: [
    {
      name: 'Sunset Caravans',
      place: 'northGeelong',
      layout: 'sales-service',
      primary: true,
      brands: [
        'Jayco',
        'Avan',
        'Coromal',
        'Lotus Caravans',
        'New Age',
        'Crusader',
        'Supreme',
        'Windsor',
        'Zone RV',
        'MDC',
        'Snowy River',
        'Sunliner',
        'Avida',
      ],
    },
  ],
  reviewCount: 15,
  offerCount: 0,
};

export const PROFILES: readonly TenantProfile[] = [BAYSIDE, SOUTHERN_CROSS, AURORA, SUNSET];

export function profileForTemplate(template: TemplateKind): TenantProfile {
  const profile = PROFILES.find((candidate) => candidate.template === template);
  if (!profile) throw new Error(`no demo tenant for template ${template}`);
  return profile;
}
