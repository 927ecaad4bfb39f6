/** Motorcycles of the group's bike dealerships (approximate ride-away prices). */
import { v, type ModelSpec } from './types';

const bike = (
  make: string,
  model: string,
  body: ModelSpec['body'],
  since: number,
  variants: ModelSpec['variants'],
): ModelSpec => ({
  make,
  model,
  body,
  since,
  variants,
  towing: 0,
  ancap: null,
});

export const MOTORCYCLE_MODELS: ModelSpec[] = [
  bike('Yamaha', 'MT-07', 'naked', 2014, [
    v('', 'm689', 'RWD', 13499),
    v('LAMS', 'm689', 'RWD', 12999),
  ]),
  bike('Yamaha', 'MT-09', 'naked', 2014, [
    v('', 'm890', 'RWD', 17999),
    v('SP', 'm890', 'RWD', 21499),
  ]),
  bike('Yamaha', 'Tenere 700', 'adventure', 2019, [
    v('', 'm689', 'RWD', 19999),
    v('World Raid', 'm689', 'RWD', 23999),
  ]),
  bike('Yamaha', 'TMAX 560', 'scooter', 2020, [
    v('', 'm562', 'RWD', 19999),
    v('Tech MAX', 'm562', 'RWD', 22499),
  ]),
  bike('Kawasaki', 'Ninja 400', 'sport', 2018, [
    v('', 'm399', 'RWD', 9499),
    v('KRT Edition', 'm399', 'RWD', 9899),
  ]),
  bike('Kawasaki', 'Z900', 'naked', 2017, [
    v('', 'm948', 'RWD', 15999),
    v('SE', 'm948', 'RWD', 18999),
  ]),
  bike('Kawasaki', 'Versys 650', 'adventure', 2010, [v('LAMS', 'm649', 'RWD', 13999)]),
  bike('Ducati', 'Monster', 'naked', 2021, [
    v('', 'm937', 'RWD', 22900),
    v('Plus', 'm937', 'RWD', 24200),
  ]),
  bike('Ducati', 'Multistrada V4', 'adventure', 2021, [v('S', 'm1158', 'RWD', 42900)]),
  bike('Ducati', 'Scrambler', 'retro', 2015, [
    v('Icon', 'm937', 'RWD', 18900),
    v('Full Throttle', 'm937', 'RWD', 21900),
  ]),
  bike('Triumph', 'Trident 660', 'naked', 2021, [v('', 'm660', 'RWD', 13990)]),
  bike('Triumph', 'Tiger 900', 'adventure', 2020, [
    v('GT Pro', 'm889', 'RWD', 26490),
    v('Rally Pro', 'm889', 'RWD', 27990),
  ]),
  bike('Triumph', 'Speed 400', 'retro', 2024, [v('', 'm398', 'RWD', 7990)]),
  bike('Triumph', 'Bonneville T120', 'retro', 2016, [
    v('', 'm1200', 'RWD', 23490),
    v('Black', 'm1200', 'RWD', 23990),
  ]),
  bike('KTM', '390 Duke', 'naked', 2013, [v('', 'm399', 'RWD', 8995)]),
  bike('KTM', '890 Adventure', 'adventure', 2021, [
    v('', 'm889', 'RWD', 23595),
    v('R', 'm889', 'RWD', 25595),
  ]),
  bike('KTM', '1290 Super Duke R', 'naked', 2014, [v('Evo', 'm1301', 'RWD', 33995)]),
  bike('Royal Enfield', 'Classic 350', 'retro', 2021, [
    v('Halcyon', 'm349', 'RWD', 7490),
    v('Chrome', 'm349', 'RWD', 7990),
  ]),
  bike('Royal Enfield', 'Himalayan 450', 'adventure', 2024, [
    v('', 'm452', 'RWD', 9990),
    v('Summit', 'm452', 'RWD', 10490),
  ]),
  bike('Royal Enfield', 'Interceptor 650', 'retro', 2019, [v('', 'm648', 'RWD', 10990)]),
  bike('Honda', 'CB650R', 'naked', 2019, [v('E-Clutch', 'm649', 'RWD', 14999)]),
  bike('Honda', 'Africa Twin', 'adventure', 2016, [v('Adventure Sports', 'm1084', 'RWD', 27999)]),
  bike('Honda', 'Rebel 500', 'cruiser', 2017, [v('', 'm471', 'RWD', 10499)]),
  bike('BMW', 'R 1300 GS', 'adventure', 2024, [v('Trophy', 'm1300', 'RWD', 36990)]),
  bike('BMW', 'R 18', 'cruiser', 2021, [v('Classic', 'm1868', 'RWD', 36990)]),
];
