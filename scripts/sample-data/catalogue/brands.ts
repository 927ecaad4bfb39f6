/**
 * Brands the group sells, as its manufacturers feed lists them. `make` is the make on stock
 * records (Honda Motorcycles stock is make "Honda"). Logos are plain text wordmarks.
 */
import { slugify } from '../text';

export type BrandCategory = 'Car' | 'Motorcycle' | 'Truck';

export interface Brand {
  name: string;
  slug: string;
  make: string;
  category: BrandCategory;
  /** Wordmark colour for the generated logo. */
  colour: string;
}

const brand = (name: string, category: BrandCategory, colour: string, make = name): Brand => ({
  name,
  slug: slugify(name),
  make,
  category,
  colour,
});

export const GROUP_BRANDS: Brand[] = [
  brand('Toyota', 'Car', '#c8102e'),
  brand('Mazda', 'Car', '#101010'),
  brand('Hyundai', 'Car', '#002c5f'),
  brand('Kia', 'Car', '#05141f'),
  brand('Ford', 'Car', '#003478'),
  brand('Mitsubishi', 'Car', '#c4161c'),
  brand('Nissan', 'Car', '#2b2b2b'),
  brand('Subaru', 'Car', '#013c74'),
  brand('Volkswagen', 'Car', '#001e50'),
  brand('Isuzu UTE', 'Car', '#b5121b', 'Isuzu'),
  brand('Honda', 'Car', '#cc0000'),
  brand('MG', 'Car', '#7a1f1f'),
  brand('GWM', 'Car', '#1c1c1c'),
  brand('BYD', 'Car', '#2f5d8a'),
  brand('Suzuki', 'Car', '#e30613'),
  brand('Mercedes-Benz', 'Car', '#222222'),
  brand('BMW', 'Car', '#0066b1'),
  brand('Audi', 'Car', '#1a1a1a'),
  brand('Lexus', 'Car', '#1a1a1a'),
  brand('Volvo', 'Car', '#1c3f94'),
  brand('Skoda', 'Car', '#0e3a2f'),
  brand('Peugeot', 'Car', '#1a1a1a'),
  brand('Jeep', 'Car', '#3d4a2a'),
  brand('Renault', 'Car', '#1a1a1a'),
  brand('LDV', 'Car', '#003a70'),
  brand('Chery', 'Car', '#a0171e'),
  brand('Land Rover', 'Car', '#005a2b'),
  brand('Jaguar', 'Car', '#1a1a1a'),
  brand('Porsche', 'Car', '#8a6a2a'),
  brand('Genesis', 'Car', '#1a1a1a'),
  brand('Mini', 'Car', '#1a1a1a'),
  brand('Alfa Romeo', 'Car', '#8f1d21'),
  brand('RAM', 'Car', '#1a1a1a'),
  brand('Cupra', 'Car', '#8b6c4f'),
  brand('Yamaha', 'Motorcycle', '#1b3f8b'),
  brand('Kawasaki', 'Motorcycle', '#2e8b2e'),
  brand('Ducati', 'Motorcycle', '#cc0000'),
  brand('Triumph', 'Motorcycle', '#1a1a1a'),
  brand('KTM', 'Motorcycle', '#e8650e'),
  brand('Royal Enfield', 'Motorcycle', '#7a1f1f'),
  brand('Honda Motorcycles', 'Motorcycle', '#cc0000', 'Honda'),
  brand('BMW Motorrad', 'Motorcycle', '#0066b1', 'BMW'),
  brand('Isuzu Trucks', 'Truck', '#b5121b', 'Isuzu'),
  brand('Hino', 'Truck', '#c8102e'),
  brand('Fuso', 'Truck', '#1a1a1a'),
  brand('UD Trucks', 'Truck', '#0b3d91', 'UD'),
  brand('Iveco', 'Truck', '#003a70'),
  brand('Mercedes-Benz Trucks', 'Truck', '#222222', 'Mercedes-Benz'),
];

/** Wordmark colours of makes that only appear on used cars or other tenants. */
export const MAKE_COLOURS: Record<string, string> = {
  Aurora: '#10433f',
  Holden: '#b0121b',
  Polestar: '#1a1a1a',
  Jayco: '#0b4f9c',
  Avan: '#1a1a1a',
  Coromal: '#0b3d91',
  'Lotus Caravans': '#1a1a1a',
  'New Age': '#8a1c1c',
  Crusader: '#1a1a1a',
  Supreme: '#0b3d91',
  Windsor: '#003a70',
  'Zone RV': '#d06a12',
  MDC: '#1a1a1a',
  'Snowy River': '#1b5e8c',
  Sunliner: '#c05a00',
  Avida: '#2b5b2b',
};
