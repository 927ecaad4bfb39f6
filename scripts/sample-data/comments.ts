/**
 * Dealer comments: empty for about 10% of cars, a short paragraph for most, and more than 400
 * characters for about 30% so the page's truncate-and-expand control has something to do.
 */
import type { ItemType, SimpleFuel, SimpleDrive } from './catalogue/types';
import type { StateCode } from './places';
import type { Rng } from './random';
import { listInWords } from './text';

export interface CommentFacts {
  carType: 'new' | 'demo' | 'used';
  itemType: ItemType;
  title: string;
  model: string;
  colour: string;
  km: number | null;
  fuel: SimpleFuel;
  drive: SimpleDrive;
  towing: number | null;
  l100: number | null;
  sleeps: number | null;
  certified: boolean;
  features: string[];
  dealer: string;
  location: string;
  phone: string;
  state: StateCode;
}

const INSPECTION: Record<StateCode, string> = {
  QLD: 'A safety certificate is supplied with the car.',
  VIC: 'Sold with a current roadworthy certificate.',
  NSW: 'Registered with a fresh pink slip inspection.',
  ACT: 'Independently inspected and ready to register.',
  SA: 'Independently inspected and ready to drive away.',
  WA: 'Independently inspected and ready to drive away.',
  TAS: 'Independently inspected and ready to drive away.',
  NT: 'Independently inspected and ready to drive away.',
};

const km = (value: number | null) => (value ?? 0).toLocaleString('en-AU');

function opening(rng: Rng, c: CommentFacts): string {
  if (c.itemType === 'caravan' && c.carType !== 'used')
    return `Brand new ${c.title} in ${c.colour}, on display now at ${c.location}.${c.sleeps ? ` Sleeps ${c.sleeps} with room to spare.` : ''}`;
  if (c.itemType === 'caravan')
    return `This ${c.title} has been well looked after and is ready for its next trip.${c.sleeps ? ` Sleeps ${c.sleeps}.` : ''}`;
  if (c.carType === 'new')
    return rng.pick([
      `Brand new ${c.title} in ${c.colour}, in stock now at ${c.location}.`,
      `Drive away today in a brand new ${c.model} finished in ${c.colour}.`,
    ]);
  if (c.carType === 'demo')
    return `Save on this ${c.title} demonstrator with just ${km(c.km)} km, finished in ${c.colour} and still covered by the full factory warranty.`;
  return `This ${c.title} in ${c.colour} has travelled ${km(c.km)} km and comes with ${rng.pick(['a full service history', 'a logbook service history', 'two keys and the owner\u2019s manual', 'one owner from new'])}.`;
}

function detail(c: CommentFacts): string[] {
  const lines: string[] = [];
  if (c.fuel === 'Electric')
    lines.push('Fully electric with DC fast charging, so you can skip the bowser for good.');
  if (c.fuel === 'Hybrid' && c.l100)
    lines.push(
      `The self-charging hybrid uses as little as ${c.l100} L/100km on the combined cycle.`,
    );
  if (c.fuel === 'Plug-in Hybrid')
    lines.push(
      'Charge it at home for electric commuting, with a petrol engine for the long trips.',
    );
  if (c.drive === '4X4' && c.towing)
    lines.push(
      `Rated to tow ${c.towing.toLocaleString('en-AU')} kg braked, it is ready for the boat, the van or the long weekend away.`,
    );
  if (c.certified)
    lines.push(
      'Toyota Certified Pre-Owned: a 160-point inspection, a 12 month warranty and roadside assistance are included.',
    );
  if (c.carType === 'used' && c.itemType !== 'caravan') lines.push(INSPECTION[c.state]);
  return lines;
}

const EXTRAS = [
  (c: CommentFacts) =>
    `At ${c.dealer} we make buying easy: a fixed price, no haggling and a fast, friendly handover.`,
  () =>
    'Ask us about extended warranty, paint protection, window tinting and accessories fitted before delivery.',
  () =>
    'We accept trade-ins of any make and model, and finance is available to approved applicants with competitive rates.',
  (c: CommentFacts) =>
    c.itemType === 'caravan'
      ? 'Every van is fully serviced, gas and electrical certified, and comes with a full handover demonstration.'
      : 'Every vehicle is serviced and detailed before delivery, and we can arrange delivery Australia-wide.',
  (c: CommentFacts) =>
    `Stock moves quickly, so call ${c.phone} today or enquire online to book a test drive.`,
];

export function dealerComments(rng: Rng, c: CommentFacts): string {
  const roll = rng.next();
  if (roll < 0.1) return '';
  const features = c.features.length
    ? `Highlights include ${listInWords(rng.sample(c.features, 3))}.`
    : '';
  const core = [opening(rng, c), features, ...detail(c)].filter(Boolean);
  if (roll < 0.42) {
    // Long: the core, then whole paragraphs until it runs past 400 characters.
    const paragraphs = [core.join(' ')];
    for (const extra of rng.shuffle(EXTRAS)) {
      paragraphs.push(extra(c));
      if (paragraphs.join('\n\n').length > 420) break;
    }
    return paragraphs.join('\n\n');
  }
  // Short: as many core sentences as fit under 400 characters, and a call to action if it fits.
  let text = '';
  for (const sentence of [...core, `Call ${c.phone} or enquire online today.`]) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length > 390) break;
    text = next;
  }
  return text;
}
