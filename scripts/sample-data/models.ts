/**
 * The model range feed of the Toyota dealer and the Aurora manufacturer: one record per model,
 * with bodies, statuses (new, all-new, coming soon) and variant prices. One variant has a zero
 * price and one a blank price, which "From" prices must ignore.
 */
import type { z } from 'zod';
import type { ModelSchema } from '../../src/feeds/schemas';
import { AURORA_COMING_SOON, AURORA_MODELS } from './catalogue/aurora';
import { BODIES, type BodyKey } from './catalogue/bodies';
import { PAINT_HEX, type PaintKey } from './catalogue/colours';
import { POWERTRAINS } from './catalogue/powertrains';
import { TOYOTA_MODELS } from './catalogue/toyota';
import type { ModelSpec, Shape } from './catalogue/types';
import { slugify } from './text';

export type ModelInput = z.input<typeof ModelSchema>;

/** A model image to draw: URL, title, shape and paint. */
export interface ModelImage {
  url: string;
  title: string;
  shape: Shape;
  paint: string;
}

interface Blurb {
  short: string;
  long: string;
  status?: 'new' | 'all_new';
  paint?: PaintKey;
}

const TOYOTA_BLURBS: Record<string, Blurb> = {
  Yaris: {
    short: 'The city hatch that sips fuel, with a self-charging hybrid option.',
    long: 'Small outside and clever inside, the Yaris makes city driving easy with a tight turning circle, Toyota Safety Sense and a hybrid that uses as little as 3.3 L/100km. Perfect as a first car or a second car that never needs a second thought.',
    paint: 'red',
  },
  'Yaris Cross': {
    short: 'A compact SUV with hybrid efficiency and available AWD.',
    long: 'Yaris Cross pairs the practicality of an SUV with the running costs of a city car. Choose a petrol or self-charging hybrid, with electric all-wheel drive available for gravel roads and wet weekends away.',
    paint: 'blue',
  },
  Corolla: {
    short: "Australia's favourite small car, now hybrid across the range.",
    long: 'The Corolla hatch and sedan combine a sharp design with a refined ride and a self-charging hybrid that is standard across most of the range. Wireless smartphone mirroring, connected services and a full suite of active safety come as standard.',
    paint: 'white',
  },
  'Corolla Cross': {
    short: 'Small SUV practicality with a fifth-generation hybrid system.',
    long: 'Corolla Cross adds a higher driving position, a bigger boot and available electric all-wheel drive to the Corolla formula, with the efficiency of the latest Toyota hybrid system.',
    paint: 'bronze',
  },
  'C-HR': {
    short: 'All-new C-HR: bold coupe-SUV styling, hybrid and plug-in hybrid power.',
    long: 'The all-new C-HR brings concept-car styling to the road, with a self-charging hybrid or, for the first time, a plug-in hybrid that covers most daily driving on electricity alone. Inside, a 12.3-inch display and ambient lighting set the tone.',
    status: 'all_new',
    paint: 'grey',
  },
  Camry: {
    short: 'The new-generation Camry: hybrid only, with more power and less fuel.',
    long: 'The new-generation Camry is hybrid-only, with a more powerful fifth-generation system that still uses around 4.2 L/100km. It is roomier, quieter and better equipped than ever, from Ascent to the sporty SX and luxurious SL.',
    status: 'new',
    paint: 'silver',
  },
  RAV4: {
    short: 'The hybrid SUV that changed the game, in FWD and AWD.',
    long: 'RAV4 Hybrid delivers SUV space and capability with small-car fuel use. Choose from front-wheel drive or electric all-wheel drive, and from the value-packed GX to the rugged Cruiser and the range-topping Edge.',
    paint: 'white',
  },
  Kluger: {
    short: 'Seven seats and a hybrid all-wheel-drive system for family adventures.',
    long: 'Kluger seats seven with room to spare and offers a turbo petrol or a hybrid all-wheel-drive system with 184 kW. Tri-zone climate, a power tailgate and Toyota Safety Sense make every trip easier.',
    paint: 'black',
  },
  Prado: {
    short: 'The all-new Prado: legendary off-road ability with modern comfort.',
    long: 'The all-new Prado is tougher, wider and more capable, with a 48-volt assisted 2.8-litre turbo-diesel, full-time four-wheel drive and 3,500 kg braked towing. From the workhorse GX to the Kakadu, it is ready for the big lap.',
    status: 'all_new',
    paint: 'beige',
  },
  'LandCruiser 300': {
    short: 'The flagship LandCruiser with a twin-turbo V6 diesel.',
    long: 'LandCruiser 300 Series combines a 227 kW twin-turbo V6 diesel with a ten-speed automatic, a new-generation chassis and Multi-Terrain Select, so it goes further off-road and rides better on it. GR Sport adds e-KDSS and three locking differentials.',
    paint: 'green',
  },
  'LandCruiser 70': {
    short: 'The tough one: cab chassis, wagon and troop carrier.',
    long: 'The LandCruiser 70 Series is built for work in the harshest conditions, now with a 2.8-litre turbo-diesel and six-speed automatic or the V8 manual. Single cab, double cab and wagon bodies suit farms, mines and the bush.',
    paint: 'beige',
  },
  Fortuner: {
    short: 'A seven-seat 4x4 SUV built on the HiLux platform.',
    long: 'Fortuner brings HiLux toughness to a seven-seat wagon, with a 2.8-litre turbo-diesel, part-time four-wheel drive and 3,100 kg braked towing. A practical family SUV that is at home on the beach track.',
    paint: 'grey',
  },
  HiLux: {
    short: "Australia's ute: workhorse Workmate to the GR Sport.",
    long: 'The HiLux range covers every job, from the Workmate cab chassis to the SR5 and the performance-tuned GR Sport. The 2.8-litre turbo-diesel now has 48-volt assistance for a smoother, more efficient drive with 3,500 kg braked towing.',
    paint: 'white',
  },
  HiAce: {
    short: 'Van and commuter bus, built for business.',
    long: 'HiAce is built for business with a semi-bonnet design, a 2.8-litre turbo-diesel and up to 9.3 cubic metres of cargo space. The GL Commuter seats 12 for shuttles and tours.',
    paint: 'white',
  },
  bZ4X: {
    short: "Toyota's first battery-electric SUV, in FWD and AWD.",
    long: 'bZ4X is a fully electric SUV with up to 500 km of range, DC fast charging and an optional dual-motor all-wheel drive developed with Subaru. A panoramic roof and heated seats come standard on the Touring.',
    paint: 'blue',
  },
  GR86: {
    short: 'A lightweight, rear-drive sports coupe with a manual option.',
    long: 'GR86 is built for drivers: a 2.4-litre boxer engine, rear-wheel drive, a limited-slip differential and a six-speed manual or automatic. Light, balanced and affordable fun on a winding road or a track day.',
    paint: 'orange',
  },
  Coaster: {
    short: 'The light bus trusted by schools, resorts and tour operators.',
    long: 'Coaster seats up to 22 with a 4.0-litre turbo-diesel and six-speed automatic, a high roof and wide entry door. Fleet pricing is available on request.',
    paint: 'white',
  },
};

const AURORA_BLURBS: Record<string, Blurb> = {
  Nova: {
    short: 'A sharp city hatch with a punchy turbo engine.',
    long: 'Nova is a five-door hatch that is easy to park and fun to drive, with a 1.5-litre turbo, seven-speed dual-clutch and a full suite of active safety. GT adds a 2.0-litre turbo and sports suspension.',
    paint: 'orange',
  },
  Strata: {
    short: 'A spacious sedan with hybrid and AWD options.',
    long: 'Strata is a comfortable, quiet mid-size sedan for long commutes and longer road trips. Choose turbo petrol, a self-charging hybrid, or the all-wheel-drive GT-S.',
    paint: 'silver',
  },
  Vela: {
    short: 'Our best-selling SUV, now with hybrid, plug-in hybrid and EV options.',
    long: 'Vela is the mid-size SUV for every household: turbo petrol, hybrid, plug-in hybrid or a long-range EV with over 480 km of range. Every Vela has a 7-year warranty and five-star safety.',
    status: 'new',
    paint: 'blue',
  },
  Atlas: {
    short: 'Seven seats, 4x4 and 3,100 kg towing.',
    long: 'Atlas is a seven-seat 4x4 SUV with a low-range transfer case, a rear locker on Summit and a choice of 2.4-litre or V6 turbo-diesel. It tows 3,100 kg and keeps the whole family comfortable on the way.',
    status: 'new',
    paint: 'green',
  },
  Terra: {
    short: 'A dual cab ute for work and play, 4x2 or 4x4.',
    long: 'Terra handles the work week and the weekend with a 1,000 kg payload, 3,500 kg towing and a V6 turbo-diesel on Trail X and Summit. A wide tub fits a pallet between the wheel arches.',
    paint: 'white',
  },
  Ridge: {
    short: 'A cab chassis that carries the tools of the trade.',
    long: 'Ridge is a cab-chassis ute ready for a tray, tipper or service body, in single or dual cab, 4x2 or 4x4, with fleet pricing for businesses of every size.',
    paint: 'white',
  },
  Cove: {
    short: 'A front-drive van with a low, flat load floor.',
    long: 'Cove is a practical van with a low load floor, twin sliding doors and up to 6.7 cubic metres of space, plus a five-seat Crew version for trades.',
    paint: 'white',
  },
  Solace: {
    short: 'All-new Solace: an electric SUV with up to 520 km of range.',
    long: 'The all-new Solace is a fully electric SUV with rear- or all-wheel drive, up to 520 km of range, 150 kW DC charging and vehicle-to-load, so it can power a campsite as well as the commute.',
    status: 'all_new',
    paint: 'grey',
  },
};

function variantsOf(model: ModelSpec, index: number): NonNullable<ModelInput['model_variants']> {
  return model.variants.map((variant, i) => {
    const pt = POWERTRAINS[variant.pt];
    const premium = Math.round((variant.price * 0.03) / 100) * 100 + 500;
    return {
      name: variant.badge || model.model,
      dap_min_price: variant.price,
      dap_max_price: variant.price + premium,
      fuel: pt.simpleFuel,
      transmission: variant.manual || pt.gearType === 'Manual' ? 'Manual' : 'Automatic',
      ...(index === 0 && i === model.variants.length - 1 ? { dap_min_price: 0 } : {}),
    };
  });
}

function bodiesOf(model: ModelSpec): string[] {
  return [
    ...new Set(
      [model.body, ...model.variants.map((variant) => variant.body ?? model.body)].map(
        (key) => BODIES[key].simpleBody,
      ),
    ),
  ];
}

function record(
  id: number,
  make: string,
  name: string,
  bodies: string[],
  blurb: Blurb,
  variants: ModelInput['model_variants'],
  extra: Partial<ModelInput> = {},
): ModelInput {
  const slug = slugify(name);
  const url = `/media/models/${slugify(make)}-${slug}.webp`;
  const prices = (variants ?? [])
    .map((variant) => variant.dap_min_price)
    .filter((price): price is number => typeof price === 'number' && price > 0);
  return {
    id,
    name,
    slug,
    new_slug: blurb.status ? `new-${slug}` : null,
    status: blurb.status ?? null,
    short_description: blurb.short,
    description: blurb.long,
    image: { url },
    cloudfront_new_image_url: url,
    override_url: null,
    manufacturer_name: make,
    manufacturer_body: bodies[0] ?? null,
    manufacturer_body1: bodies[1] ?? null,
    manufacturer_body2: bodies[2] ?? null,
    manufacturer_body3: bodies[3] ?? null,
    body: bodies,
    from_price: prices.length ? Math.min(...prices) : null,
    model_variants: variants,
    ...extra,
  };
}

/** Model records and the images they reference. */
export function buildModels(
  template: 'dealer' | 'manufacturer',
  idBase: number,
): { models: ModelInput[]; images: ModelImage[] } {
  const catalogue = template === 'dealer' ? TOYOTA_MODELS : AURORA_MODELS;
  const blurbs = template === 'dealer' ? TOYOTA_BLURBS : AURORA_BLURBS;
  const make = template === 'dealer' ? 'Toyota' : 'Aurora';
  const models: ModelInput[] = [];
  const images: ModelImage[] = [];
  const image = (name: string, body: BodyKey, paint: PaintKey) =>
    images.push({
      url: `/media/models/${slugify(make)}-${slugify(name)}.webp`,
      title: `${make} ${name}`,
      shape: BODIES[body].shape,
      paint: PAINT_HEX[paint],
    });

  catalogue.forEach((model, index) => {
    const blurb = blurbs[model.model] ?? {
      short: `The ${make} ${model.model}.`,
      long: `Discover the ${make} ${model.model} range.`,
    };
    const variants = variantsOf(model, index);
    // One variant price arrives blank from the OEM feed; the site must skip it.
    if (index === 1 && variants[0])
      variants[0] = { ...variants[0], dap_min_price: '', dap_max_price: '' };
    const extra: Partial<ModelInput> = model.model === 'Coaster' ? { override_url: '/fleet' } : {};
    models.push(
      record(idBase + 80_000 + index, make, model.model, bodiesOf(model), blurb, variants, extra),
    );
    image(model.model, model.body, blurb.paint ?? 'white');
  });

  const comingSoon =
    template === 'dealer'
      ? [
          {
            model: 'LandCruiser FJ',
            body: 'suv' as const,
            description:
              'A compact, body-on-frame LandCruiser with a 2.7-litre petrol engine and part-time 4WD, arriving in Australia next year.',
            bodies: ['SUV'],
          },
        ]
      : AURORA_COMING_SOON;
  comingSoon.forEach((model, i) => {
    models.push(
      record(
        idBase + 80_500 + i,
        make,
        model.model,
        model.bodies,
        {
          short: model.description,
          long: `${model.description} Register your interest to be the first to know about pricing and test drives.`,
        },
        [],
        { status: 'coming_soon', new_slug: null },
      ),
    );
    image(model.model, model.body, 'grey');
  });
  return { models, images };
}
