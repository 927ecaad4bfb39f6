/** Light, medium and heavy trucks of the group's truck centres (prices exclude on-road costs). */
import { v, type ModelSpec } from './types';

const truck = (
  make: string,
  model: string,
  body: ModelSpec['body'],
  since: number,
  variants: ModelSpec['variants'],
  towing: number,
): ModelSpec => ({
  make,
  model,
  body,
  since,
  variants,
  towing,
  ancap: null,
});

export const TRUCK_MODELS: ModelSpec[] = [
  truck(
    'Isuzu',
    'N Series',
    'lightTruck',
    2008,
    [
      v('NLR 45-150 AMT', 't30', 'RWD', 72990),
      v('NPR 75-190 Pantech', 't52', 'RWD', 99990, { body: 'pantech' }),
    ],
    3500,
  ),
  truck(
    'Isuzu',
    'F Series',
    'rigidTruck',
    2008,
    [v('FRR 110-260 Auto', 't52', 'RWD', 149990), v('FVZ 260-300 Auto', 't80', 'RWD', 219990)],
    16000,
  ),
  truck(
    'Hino',
    '300 Series',
    'lightTruck',
    2011,
    [
      v('616 IFS Auto', 't40', 'RWD', 79990),
      v('917 Wide Cab Pantech', 't40', 'RWD', 104990, { body: 'pantech' }),
    ],
    3500,
  ),
  truck('Hino', '500 Series', 'rigidTruck', 2017, [v('FD 1124 Auto', 't80', 'RWD', 169990)], 16000),
  truck(
    'Fuso',
    'Canter',
    'lightTruck',
    2011,
    [
      v('515 Wide Cab AMT', 't30', 'RWD', 74990),
      v('eCanter 615', 'tev', 'RWD', 149990),
      v('815 Pantech', 't30', 'RWD', 94990, { body: 'pantech' }),
    ],
    3500,
  ),
  truck(
    'Fuso',
    'Shogun',
    'primeMover',
    2020,
    [v('FV 2853 Prime Mover', 't128', 'RWD', 289990)],
    90000,
  ),
  truck('UD', 'Croner', 'rigidTruck', 2018, [v('PKE 250 Auto', 't80', 'RWD', 154990)], 16000),
  truck(
    'UD',
    'Quon',
    'primeMover',
    2018,
    [v('GW 26 460 Prime Mover', 't110', 'RWD', 259990)],
    70000,
  ),
  truck(
    'Iveco',
    'Daily',
    'lightTruck',
    2008,
    [v('50C21 Cab Chassis', 't30i', 'RWD', 89990), v('70C21 Tipper', 't30i', 'RWD', 104990)],
    3500,
  ),
  truck(
    'Iveco',
    'S-Way',
    'primeMover',
    2021,
    [v('AS 550 Prime Mover', 't128', 'RWD', 319990)],
    90000,
  ),
  truck(
    'Mercedes-Benz',
    'Actros',
    'primeMover',
    2017,
    [v('2653 LS Prime Mover', 't128', 'RWD', 329990)],
    90000,
  ),
  truck(
    'Mercedes-Benz',
    'Atego',
    'rigidTruck',
    2015,
    [v('1630 Pantech', 't77', 'RWD', 189990)],
    16000,
  ),
];
