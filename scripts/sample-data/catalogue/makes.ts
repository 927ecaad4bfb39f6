/**
 * Cars of the other makes: the group's franchises and the trade-ins a Toyota dealer takes.
 * Badges and prices are typical Australian drive-away figures for the current model.
 */
import { TOYOTA_MODELS } from './toyota';
import { v, type ModelSpec } from './types';

const m = (
  make: string,
  model: string,
  body: ModelSpec['body'],
  since: number,
  variants: ModelSpec['variants'],
  extra: Partial<ModelSpec> = {},
): ModelSpec => ({
  make,
  model,
  body,
  since,
  variants,
  towing: 1500,
  ancap: 5,
  ...extra,
});

export const OTHER_CAR_MODELS: ModelSpec[] = [
  m(
    'Mazda',
    'CX-5',
    'suv',
    2012,
    [
      v('Maxx', 'p20s', 'FWD', 38990),
      v('Maxx Sport', 'p25', 'AWD', 45990),
      v('Touring', 'p25', 'AWD', 48990),
      v('Akera', 'p25t', 'AWD', 57990),
    ],
    { weight: 2 },
  ),
  m('Mazda', 'CX-3', 'smallSuv', 2015, [
    v('Pure', 'p20s', 'FWD', 30990),
    v('Evolve', 'p20s', 'FWD', 33990),
    v('Akari', 'p20s', 'AWD', 38990),
  ]),
  m('Mazda', 'Mazda3', 'hatch', 2004, [
    v('G20 Pure', 'p20s', 'FWD', 33990),
    v('G25 Evolve', 'p25', 'FWD', 37990),
    v('G25 Astina', 'p25', 'FWD', 44990),
  ]),
  m(
    'Mazda',
    'BT-50',
    'dualCabUte',
    2011,
    [v('XT', 'd30', '4X4', 58990), v('GT', 'd30', '4X4', 66990), v('Thunder', 'd30', '4X4', 72990)],
    { towing: 3500 },
  ),
  m('Hyundai', 'i30', 'hatch', 2007, [
    v('Active', 'p20', 'FWD', 29990),
    v('Elite', 'p20', 'FWD', 33990),
    v('N Line', 'p16t', 'FWD', 36990),
  ]),
  m(
    'Hyundai',
    'Tucson',
    'suv',
    2015,
    [
      v('Elite', 'p20s', 'FWD', 42990),
      v('Highlander', 'd20', 'AWD', 55990),
      v('Elite Hybrid', 'h16t', 'AWD', 52990),
    ],
    {
      weight: 1.5,
    },
  ),
  m('Hyundai', 'Santa Fe', 'largeSuv', 2009, [
    v('Elite', 'p25t', 'AWD', 58990),
    v('Calligraphy Hybrid', 'h16t', 'AWD', 76990),
  ]),
  m(
    'Hyundai',
    'Ioniq 5',
    'suv',
    2021,
    [v('Dynamiq', 'evM', 'RWD', 68990), v('Epiq', 'evL', 'AWD', 85990)],
    { towing: 1600 },
  ),
  m(
    'Kia',
    'Sportage',
    'suv',
    2010,
    [
      v('S', 'p20s', 'FWD', 37990),
      v('SX', 'p20s', 'FWD', 41990),
      v('GT-Line', 'd20', 'AWD', 56990),
      v('GT-Line Hybrid', 'h16t', 'AWD', 58990),
    ],
    { weight: 1.6 },
  ),
  m(
    'Kia',
    'Cerato',
    'hatch',
    2009,
    [v('S', 'p20', 'FWD', 28990), v('Sport', 'p20', 'FWD', 31990), v('GT', 'p16t', 'FWD', 38990)],
    { until: 2024 },
  ),
  m(
    'Kia',
    'Carnival',
    'peopleMover',
    2006,
    [
      v('S', 'p35', 'FWD', 52990),
      v('Sport+', 'd22', 'FWD', 63990),
      v('Platinum Hybrid', 'h16t', 'FWD', 79990),
    ],
    {
      weight: 1.2,
    },
  ),
  m('Kia', 'EV6', 'suv', 2022, [v('Air', 'evM', 'RWD', 72990), v('GT-Line', 'evL', 'AWD', 89990)]),
  m(
    'Ford',
    'Ranger',
    'dualCabUte',
    2006,
    [
      v('XL', 'd20', '4X4', 55990),
      v('XLT', 'd20bt', '4X4', 66990),
      v('Sport', 'd30v6', '4X4', 73990),
      v('Wildtrak', 'd30v6', '4X4', 79990),
      v('Raptor', 'p30t', '4X4', 94990),
    ],
    { towing: 3500, weight: 3 },
  ),
  m(
    'Ford',
    'Everest',
    'largeSuv',
    2015,
    [
      v('Trend', 'd20bt', '4X4', 67990),
      v('Sport', 'd30v6', '4X4', 73990),
      v('Platinum', 'd30v6', '4X4', 84990),
    ],
    {
      towing: 3500,
    },
  ),
  m(
    'Ford',
    'Mustang',
    'coupe',
    2015,
    [
      v('GT Fastback', 'p57', 'RWD', 86990),
      v('GT Convertible', 'p57', 'RWD', 94990, { body: 'convertible' }),
    ],
    {
      towing: 0,
    },
  ),
  m('Mitsubishi', 'Outlander', 'largeSuv', 2006, [
    v('ES', 'p25b', 'FWD', 40990),
    v('LS', 'p25b', 'AWD', 46990),
    v('Exceed PHEV', 'phev24', 'AWD', 66990),
  ]),
  m(
    'Mitsubishi',
    'Triton',
    'dualCabUte',
    2006,
    [v('GLX', 'd24', '4X4', 51990), v('GLX+', 'd24', '4X4', 56990), v('GLS', 'd24', '4X4', 63990)],
    {
      towing: 3500,
      weight: 1.5,
    },
  ),
  m('Mitsubishi', 'ASX', 'smallSuv', 2010, [
    v('ES', 'p20', 'FWD', 29990),
    v('LS', 'p20', 'FWD', 32990),
  ]),
  m('Nissan', 'X-Trail', 'suv', 2007, [
    v('ST', 'p25b', 'FWD', 40990),
    v('ST-L', 'p25b', 'AWD', 47990),
    v('Ti e-Power', 'h15', 'AWD', 61990),
  ]),
  m(
    'Nissan',
    'Navara',
    'dualCabUte',
    2006,
    [
      v('SL', 'd23', '4X4', 54990),
      v('ST-X', 'd23', '4X4', 64990),
      v('PRO-4X', 'd23', '4X4', 67990),
    ],
    { towing: 3500 },
  ),
  m(
    'Nissan',
    'Patrol',
    'largeSuv',
    2013,
    [v('Ti', 'p57', '4X4', 92990), v('Ti-L', 'p57', '4X4', 106990)],
    { towing: 3500 },
  ),
  m('Subaru', 'Forester', 'suv', 2008, [
    v('2.5i', 'p25b', 'AWD', 43990),
    v('2.5i Premium', 'p25b', 'AWD', 46990),
    v('Hybrid S', 'h20', 'AWD', 54990),
  ]),
  m(
    'Subaru',
    'Outback',
    'wagon',
    2009,
    [
      v('AWD', 'p25b', 'AWD', 47990),
      v('AWD Sport', 'p25b', 'AWD', 52990),
      v('AWD Touring XT', 'p25t', 'AWD', 62990),
    ],
    {
      towing: 2000,
    },
  ),
  m('Subaru', 'WRX', 'sedan', 2014, [
    v('AWD', 'p25t', 'AWD', 57990, { manual: true }),
    v('RS', 'p25t', 'AWD', 64990),
  ]),
  m('Volkswagen', 'Golf', 'hatch', 2004, [
    v('Life', 'p14t', 'FWD', 42990),
    v('R-Line', 'p14t', 'FWD', 46990),
    v('GTI', 'p20t', 'FWD', 62990),
  ]),
  m('Volkswagen', 'Tiguan', 'suv', 2008, [
    v('Life', 'p14t', 'FWD', 49990),
    v('Elegance', 'p20t', 'AWD', 62990),
    v('R-Line', 'p20t', 'AWD', 68990),
  ]),
  m(
    'Volkswagen',
    'Amarok',
    'dualCabUte',
    2011,
    [
      v('Core', 'd20bt', '4X4', 60990),
      v('Style', 'd20bt', '4X4', 68990),
      v('Aventura', 'd30v6', '4X4', 87990),
    ],
    {
      towing: 3500,
    },
  ),
  m(
    'Isuzu',
    'D-Max',
    'dualCabUte',
    2008,
    [
      v('SX', 'd30', '4X4', 52990),
      v('LS-U', 'd30', '4X4', 60990),
      v('X-Terrain', 'd30', '4X4', 69990),
      v('SX', 'd30', 'RWD', 42990, { body: 'singleCabChassis' }),
    ],
    { towing: 3500, weight: 1.8 },
  ),
  m(
    'Isuzu',
    'MU-X',
    'largeSuv',
    2013,
    [
      v('LS-M', 'd30', '4X4', 60990),
      v('LS-U', 'd30', '4X4', 65990),
      v('LS-T', 'd30', '4X4', 71990),
    ],
    { towing: 3500 },
  ),
  m('Honda', 'CR-V', 'suv', 2007, [
    v('VTi', 'p15t', 'FWD', 44990),
    v('VTi L AWD', 'p15t', 'AWD', 52990),
    v('e:HEV RS', 'h20', 'AWD', 62990),
  ]),
  m('Honda', 'Civic', 'hatch', 2006, [
    v('VTi LX', 'p15t', 'FWD', 47990),
    v('e:HEV LX', 'h20', 'FWD', 55990),
    v('Type R', 'p20t', 'FWD', 76990, { manual: true }),
  ]),
  m('Honda', 'HR-V', 'smallSuv', 2015, [
    v('Vi X', 'p15', 'FWD', 38990),
    v('e:HEV L', 'h15', 'FWD', 48990),
  ]),
  m(
    'MG',
    'ZS',
    'smallSuv',
    2017,
    [
      v('Excite', 'p15', 'FWD', 26990),
      v('Essence', 'p15', 'FWD', 29990),
      v('Hybrid+ Excite', 'h15', 'FWD', 31990),
    ],
    {
      weight: 1.6,
    },
  ),
  m('MG', 'MG3', 'smallHatch', 2013, [
    v('Core', 'p15', 'FWD', 23990),
    v('Excite Hybrid+', 'h15', 'FWD', 28990),
  ]),
  m('MG', 'HS', 'suv', 2019, [
    v('Vibe', 'p15t', 'FWD', 32990),
    v('Essence', 'p20t', 'FWD', 39990),
    v('Plus EV', 'phev15', 'FWD', 49990),
  ]),
  m(
    'MG',
    'MG4',
    'hatch',
    2023,
    [v('Excite 51', 'evS', 'RWD', 39990), v('Essence 64', 'evS', 'RWD', 47990)],
    { towing: 0 },
  ),
  m('GWM', 'Haval Jolion', 'smallSuv', 2021, [
    v('Premium', 'p15t', 'FWD', 29990),
    v('Ultra Hybrid', 'h15', 'FWD', 37990),
  ]),
  m(
    'GWM',
    'Cannon',
    'dualCabUte',
    2021,
    [
      v('Cannon', 'd24', '4X4', 43990),
      v('Cannon-X', 'd24', '4X4', 51990),
      v('Alpha Ultra', 'd24', '4X4', 61990),
    ],
    {
      towing: 3500,
    },
  ),
  m(
    'GWM',
    'Tank 300',
    'suv',
    2023,
    [v('Lux', 'p20t', '4X4', 50990), v('Ultra Hybrid', 'h16t', '4X4', 60990)],
    { towing: 3000 },
  ),
  m(
    'BYD',
    'Atto 3',
    'smallSuv',
    2022,
    [v('Essential', 'evS', 'FWD', 44990), v('Premium', 'evS', 'FWD', 48990)],
    { towing: 0 },
  ),
  m(
    'BYD',
    'Seal',
    'sedan',
    2023,
    [v('Dynamic', 'evM', 'RWD', 49990), v('Performance', 'evL', 'AWD', 65990)],
    { towing: 0 },
  ),
  m(
    'BYD',
    'Sealion 6',
    'suv',
    2024,
    [v('Dynamic', 'phev15', 'FWD', 48990), v('Premium', 'phev15', 'AWD', 56990)],
    { towing: 1500 },
  ),
  m('BYD', 'Shark 6', 'dualCabUte', 2024, [v('Premium', 'phev15', '4X4', 59990)], { towing: 2500 }),
  m('Suzuki', 'Swift', 'smallHatch', 2005, [
    v('GL', 'p12', 'FWD', 25990),
    v('GLX Hybrid', 'p12', 'FWD', 28990),
  ]),
  m(
    'Suzuki',
    'Jimny',
    'smallSuv',
    2018,
    [v('Lite', 'p15', '4X4', 33990, { manual: true }), v('XL', 'p15', '4X4', 38990)],
    { towing: 1300 },
  ),
  m('Suzuki', 'Vitara', 'smallSuv', 2015, [
    v('1.6', 'p15', 'FWD', 31990),
    v('Turbo ALLGRIP', 'p14t', 'AWD', 39990),
  ]),
  m('Mercedes-Benz', 'GLC', 'suv', 2016, [
    v('GLC 300 4MATIC', 'p20t', 'AWD', 98990),
    v('GLC 43 AMG 4MATIC', 'p20t', 'AWD', 139990),
  ]),
  m('Mercedes-Benz', 'C-Class', 'sedan', 2007, [
    v('C 200', 'p15t', 'RWD', 85990),
    v('C 300', 'p20t', 'RWD', 97990),
  ]),
  m('Mercedes-Benz', 'A-Class', 'hatch', 2013, [
    v('A 200', 'p14t', 'FWD', 63990),
    v('A 250 4MATIC', 'p20t', 'AWD', 73990),
  ]),
  m(
    'Mercedes-Benz',
    'Sprinter',
    'van',
    2007,
    [v('316 CDI MWB', 'mh20', 'RWD', 78990), v('319 CDI LWB', 'mh20', 'RWD', 89990)],
    { towing: 3500 },
  ),
  m('BMW', 'X3', 'suv', 2011, [
    v('xDrive20d', 'd20', 'AWD', 92990),
    v('M50 xDrive', 'p30t', 'AWD', 133990),
  ]),
  m('BMW', '3 Series', 'sedan', 2006, [
    v('320i M Sport', 'p20t', 'RWD', 81990),
    v('330e M Sport', 'phev20t', 'RWD', 89990),
  ]),
  m(
    'BMW',
    'X5',
    'largeSuv',
    2007,
    [v('xDrive30d', 'd30v6', 'AWD', 138990), v('xDrive50e', 'phev20t', 'AWD', 159990)],
    { towing: 2700 },
  ),
  m(
    'BMW',
    '4 Series',
    'convertible',
    2014,
    [v('430i M Sport Convertible', 'p20t', 'RWD', 112990)],
    { towing: 0 },
  ),
  m('Audi', 'Q5', 'suv', 2009, [
    v('40 TDI quattro', 'd20', 'AWD', 83990),
    v('45 TFSI quattro S line', 'p20t', 'AWD', 91990),
  ]),
  m('Audi', 'A3', 'hatch', 2005, [
    v('35 TFSI', 'p14t', 'FWD', 55990),
    v('S3 quattro', 'p20t', 'AWD', 79990),
  ]),
  m(
    'Audi',
    'Q7',
    'largeSuv',
    2006,
    [
      v('45 TDI quattro', 'd30v6', 'AWD', 119990),
      v('50 TDI quattro S line', 'd30v6', 'AWD', 134990),
    ],
    { towing: 3500 },
  ),
  m('Lexus', 'NX', 'suv', 2015, [
    v('NX350h Luxury', 'h20', 'FWD', 77990),
    v('NX450h+ F Sport', 'phev24', 'AWD', 98990),
  ]),
  m('Lexus', 'RX', 'largeSuv', 2009, [
    v('RX350h Luxury', 'toy25hk', 'AWD', 98990),
    v('RX500h F Sport', 'h16t', 'AWD', 128990),
  ]),
  m(
    'Lexus',
    'IS',
    'sedan',
    2006,
    [v('IS300 Luxury', 'p20t', 'RWD', 69990), v('IS350 F Sport', 'p35', 'RWD', 79990)],
    { until: 2024 },
  ),
  m('Volvo', 'XC60', 'suv', 2009, [
    v('B5 Plus', 'p20t', 'AWD', 79990),
    v('T8 Ultra', 'phev20t', 'AWD', 99990),
  ]),
  m('Volvo', 'XC40', 'smallSuv', 2018, [
    v('B4 Plus', 'p20t', 'FWD', 59990),
    v('Recharge Pure Electric', 'evM', 'RWD', 76990),
  ]),
  m(
    'Skoda',
    'Octavia',
    'wagon',
    2006,
    [v('110TSI Style', 'p14t', 'FWD', 45990), v('RS', 'p20t', 'FWD', 59990)],
    { towing: 1600 },
  ),
  m('Skoda', 'Kodiaq', 'largeSuv', 2017, [
    v('Style', 'p14t', 'FWD', 55990),
    v('Sportline', 'p20t', 'AWD', 66990),
  ]),
  m('Peugeot', '3008', 'suv', 2017, [
    v('GT', 'p16t', 'FWD', 52990),
    v('GT Sport', 'p16t', 'FWD', 58990),
  ]),
  m('Peugeot', '208', 'smallHatch', 2013, [
    v('Allure', 'p12', 'FWD', 35990),
    v('GT', 'p12', 'FWD', 39990),
  ]),
  m(
    'Jeep',
    'Grand Cherokee',
    'largeSuv',
    2011,
    [
      v('Night Eagle', 'p36', '4X4', 82990),
      v('Limited', 'p36', '4X4', 91990),
      v('Summit Reserve 4xe', 'phev20t', '4X4', 124990),
    ],
    { towing: 2800 },
  ),
  m('Jeep', 'Wrangler', 'suv', 2007, [v('Unlimited Rubicon', 'p20t', '4X4', 98990)], {
    towing: 2500,
  }),
  m('Renault', 'Koleos', 'suv', 2016, [
    v('Zen', 'p25b', 'FWD', 39990),
    v('Intens', 'p25b', 'AWD', 48990),
  ]),
  m(
    'Renault',
    'Trafic',
    'van',
    2004,
    [v('Pro SWB', 'd20', 'FWD', 50990), v('Premium LWB', 'd20', 'FWD', 56990)],
    { towing: 2000 },
  ),
  m(
    'LDV',
    'T60 Max',
    'dualCabUte',
    2017,
    [v('Pro', 'd20bt', '4X4', 44990), v('Luxe', 'd20bt', '4X4', 51990)],
    { towing: 3000 },
  ),
  m(
    'LDV',
    'Deliver 9',
    'van',
    2020,
    [
      v('LWB Mid Roof', 'd20', 'FWD', 52990),
      v('Cab Chassis', 'd20', 'RWD', 49990, { body: 'singleCabChassis' }),
    ],
    {
      towing: 2500,
    },
  ),
  m(
    'Chery',
    'Omoda 5',
    'smallSuv',
    2023,
    [v('BX', 'p15t', 'FWD', 29990), v('EX', 'p15t', 'FWD', 32990), v('EV', 'evS', 'FWD', 42990)],
    { towing: 0 },
  ),
  m('Chery', 'Tiggo 7 Pro', 'suv', 2023, [
    v('Urban', 'p15t', 'FWD', 33990),
    v('Ultimate', 'p16t', 'FWD', 39990),
  ]),
  m(
    'Land Rover',
    'Defender',
    'largeSuv',
    2020,
    [v('110 D300 SE', 'd30v6', '4X4', 129990), v('110 P400 X-Dynamic HSE', 'p30t', '4X4', 149990)],
    {
      towing: 3500,
    },
  ),
  m('Land Rover', 'Range Rover Evoque', 'smallSuv', 2011, [
    v('P250 R-Dynamic SE', 'p20t', 'AWD', 89990),
  ]),
  m('Jaguar', 'F-Pace', 'suv', 2016, [
    v('P250 R-Dynamic SE', 'p20t', 'AWD', 99990),
    v('SVR', 'p40tt', 'AWD', 164990),
  ]),
  m('Porsche', 'Macan', 'suv', 2014, [
    v('Macan', 'p20t', 'AWD', 104990),
    v('GTS', 'p30t', 'AWD', 149990),
    v('4 Electric', 'evL', 'AWD', 145990),
  ]),
  m(
    'Porsche',
    'Cayenne',
    'largeSuv',
    2010,
    [v('Cayenne', 'p30t', 'AWD', 169990), v('S E-Hybrid', 'phev20t', 'AWD', 214990)],
    { towing: 3500 },
  ),
  m(
    'Porsche',
    '911',
    'coupe',
    2006,
    [
      v('Carrera', 'p30t', 'RWD', 279990),
      v('Carrera 4 GTS Cabriolet', 'p30t', 'AWD', 379990, { body: 'convertible' }),
    ],
    {
      towing: 0,
    },
  ),
  m('Genesis', 'GV70', 'suv', 2021, [
    v('2.5T AWD', 'p25t', 'AWD', 79990),
    v('Electrified AWD', 'evL', 'AWD', 127990),
  ]),
  m('Genesis', 'G80', 'sedan', 2020, [v('2.5T', 'p25t', 'RWD', 92990)]),
  m(
    'Mini',
    'Cooper',
    'smallHatch',
    2007,
    [v('C', 'p15t', 'FWD', 45990), v('S', 'p20t', 'FWD', 54990)],
    { towing: 0 },
  ),
  m('Mini', 'Countryman', 'smallSuv', 2011, [
    v('S ALL4', 'p20t', 'AWD', 67990),
    v('SE ALL4', 'evM', 'AWD', 79990),
  ]),
  m('Alfa Romeo', 'Tonale', 'smallSuv', 2023, [
    v('Ti', 'h16', 'FWD', 53990),
    v('Veloce', 'h16', 'FWD', 59990),
  ]),
  m('Alfa Romeo', 'Giulia', 'sedan', 2017, [
    v('Sprint', 'p20t', 'RWD', 72990),
    v('Veloce', 'p20t', 'RWD', 79990),
  ]),
  m(
    'RAM',
    '1500',
    'dualCabUte',
    2018,
    [v('Express', 'p57', '4X4', 114990), v('Laramie', 'p57', '4X4', 139990)],
    { towing: 4500, ancap: null },
  ),
  m('Cupra', 'Formentor', 'smallSuv', 2022, [
    v('V', 'p15t', 'FWD', 54990),
    v('VZx', 'p20t', 'AWD', 72990),
  ]),
  m('Cupra', 'Born', 'hatch', 2023, [v('Born', 'evM', 'RWD', 62990)], { towing: 0 }),
  m(
    'Polestar',
    '2',
    'hatch',
    2021,
    [
      v('Long range Single motor', 'evM', 'RWD', 72990),
      v('Long range Dual motor', 'evL', 'AWD', 79990),
    ],
    { towing: 1500 },
  ),
  // Older models that only turn up as trade-ins.
  m(
    'Holden',
    'Commodore',
    'sedan',
    2006,
    [
      v('Evoke', 'p36', 'RWD', 40990),
      v('SV6', 'p36', 'RWD', 45990),
      v('SS-V Redline', 'p57', 'RWD', 58990),
    ],
    {
      until: 2017,
      ancap: 5,
    },
  ),
  m(
    'Holden',
    'Colorado',
    'dualCabUte',
    2012,
    [v('LS', 'd28', '4X4', 47990), v('LTZ', 'd28', '4X4', 54990), v('Z71', 'd28', '4X4', 58990)],
    {
      until: 2020,
      towing: 3500,
    },
  ),
  m(
    'Holden',
    'Captiva',
    'largeSuv',
    2007,
    [v('LS', 'p25', 'FWD', 32990), v('LTZ', 'd22', 'AWD', 42990)],
    { until: 2018 },
  ),
  m(
    'Ford',
    'Falcon',
    'sedan',
    2006,
    [v('XR6', 'p36', 'RWD', 42990), v('G6E', 'p36', 'RWD', 48990)],
    { until: 2016 },
  ),
  m(
    'Ford',
    'Territory',
    'largeSuv',
    2006,
    [v('TX', 'p36', 'RWD', 42990), v('Titanium', 'd28', 'AWD', 58990)],
    { until: 2016 },
  ),
];

export const ALL_CAR_MODELS: ModelSpec[] = [...TOYOTA_MODELS, ...OTHER_CAR_MODELS];
