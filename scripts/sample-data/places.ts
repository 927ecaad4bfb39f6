/**
 * Real Australian suburbs with approximate centre coordinates and a main road where car yards
 * actually cluster. Street numbers are generated; coordinates are jittered a little per location.
 */

export type StateCode = 'ACT' | 'NSW' | 'NT' | 'QLD' | 'SA' | 'TAS' | 'VIC' | 'WA';

export interface Place {
  city: string;
  state: StateCode;
  postcode: string;
  lat: number;
  long: number;
  /** Main roads of the suburb, first one is where the dealership sits. */
  streets: readonly string[];
}

const p = (city: string, state: StateCode, postcode: string, lat: number, long: number, ...streets: string[]): Place => ({
  city,
  state,
  postcode,
  lat,
  long,
  streets,
});

export const PLACES = {
  // New South Wales
  parramatta: p('Parramatta', 'NSW', '2150', -33.8151, 151.0011, 'Church Street', 'Parramatta Road', 'Victoria Road'),
  penrith: p('Penrith', 'NSW', '2750', -33.7507, 150.6877, 'Mulgoa Road', 'High Street'),
  liverpool: p('Liverpool', 'NSW', '2170', -33.92, 150.9238, 'Hume Highway', 'Scott Street'),
  castleHill: p('Castle Hill', 'NSW', '2154', -33.732, 151.003, 'Victoria Avenue', 'Old Northern Road'),
  artarmon: p('Artarmon', 'NSW', '2064', -33.8083, 151.185, 'Pacific Highway', 'Reserve Road'),
  alexandria: p('Alexandria', 'NSW', '2015', -33.905, 151.196, "O'Riordan Street", 'Euston Road'),
  brookvale: p('Brookvale', 'NSW', '2100', -33.767, 151.272, 'Pittwater Road', 'Old Pittwater Road'),
  blacktown: p('Blacktown', 'NSW', '2148', -33.771, 150.906, 'Sunnyholt Road', 'Main Street'),
  campbelltown: p('Campbelltown', 'NSW', '2560', -34.065, 150.814, 'Blaxland Road', 'Queen Street'),
  wetherillPark: p('Wetherill Park', 'NSW', '2164', -33.848, 150.9, 'Victoria Street', 'Cowpasture Road'),
  cardiff: p('Cardiff', 'NSW', '2285', -32.942, 151.659, 'Main Road', 'Munibung Road'),
  newcastleWest: p('Newcastle West', 'NSW', '2302', -32.925, 151.755, 'Hunter Street', 'Parry Street'),
  maitland: p('Maitland', 'NSW', '2320', -32.733, 151.557, 'New England Highway', 'High Street'),
  wollongong: p('Wollongong', 'NSW', '2500', -34.425, 150.893, 'Princes Highway', 'Crown Street'),
  gosford: p('Gosford', 'NSW', '2250', -33.424, 151.342, 'Central Coast Highway', 'Mann Street'),
  waggaWagga: p('Wagga Wagga', 'NSW', '2650', -35.118, 147.369, 'Hammond Avenue', 'Baylis Street'),
  tamworth: p('Tamworth', 'NSW', '2340', -31.09, 150.929, 'Goonoo Goonoo Road', 'Peel Street'),
  portMacquarie: p('Port Macquarie', 'NSW', '2444', -31.43, 152.908, 'Hastings River Drive', 'Gordon Street'),
  // Australian Capital Territory
  phillip: p('Phillip', 'ACT', '2606', -35.348, 149.089, 'Hindmarsh Drive', 'Botany Street'),
  fyshwick: p('Fyshwick', 'ACT', '2609', -35.328, 149.171, 'Newcastle Street', 'Canberra Avenue'),
  belconnen: p('Belconnen', 'ACT', '2617', -35.238, 149.065, 'Benjamin Way', 'Luxton Street'),
  mitchell: p('Mitchell', 'ACT', '2911', -35.215, 149.129, 'Sandford Street', 'Flemington Road'),
  // Victoria
  ringwood: p('Ringwood', 'VIC', '3134', -37.814, 145.229, 'Maroondah Highway', 'Ringwood Street'),
  doncaster: p('Doncaster', 'VIC', '3108', -37.788, 145.126, 'Doncaster Road', 'Williamsons Road'),
  essendonFields: p('Essendon Fields', 'VIC', '3041', -37.73, 144.905, 'English Street', 'Wirraway Road'),
  dandenong: p('Dandenong', 'VIC', '3175', -37.987, 145.215, 'Princes Highway', 'Cheltenham Road'),
  dandenongSouth: p('Dandenong South', 'VIC', '3175', -38.02, 145.22, 'Frankston Dandenong Road', 'Greens Road'),
  frankston: p('Frankston', 'VIC', '3199', -38.143, 145.125, 'Nepean Highway', 'Cranbourne Road'),
  cheltenham: p('Cheltenham', 'VIC', '3192', -37.966, 145.055, 'Nepean Highway', 'Park Road'),
  hoppersCrossing: p('Hoppers Crossing', 'VIC', '3029', -37.882, 144.7, 'Old Geelong Road', 'Heaths Road'),
  epping: p('Epping', 'VIC', '3076', -37.65, 145.03, 'Cooper Street', 'High Street'),
  berwick: p('Berwick', 'VIC', '3806', -38.033, 145.35, 'Princes Highway', 'Clyde Road'),
  docklands: p('Docklands', 'VIC', '3008', -37.815, 144.946, 'Lorimer Street', 'Docklands Drive'),
  geelong: p('Geelong', 'VIC', '3220', -38.149, 144.36, 'Latrobe Terrace', 'Ryrie Street'),
  northGeelong: p('North Geelong', 'VIC', '3215', -38.109, 144.348, 'Princes Highway', 'Separation Street', 'Thompson Road'),
  ballarat: p('Ballarat', 'VIC', '3350', -37.562, 143.85, 'Sturt Street', 'Creswick Road'),
  bendigo: p('Bendigo', 'VIC', '3550', -36.757, 144.279, 'High Street', 'Mitchell Street'),
  shepparton: p('Shepparton', 'VIC', '3630', -36.38, 145.4, 'Benalla Road', 'Wyndham Street'),
  traralgon: p('Traralgon', 'VIC', '3844', -38.195, 146.54, 'Princes Highway', 'Argyle Street'),
  // Tasmania
  hobart: p('Hobart', 'TAS', '7000', -42.882, 147.327, 'Argyle Street', 'Macquarie Street'),
  moonah: p('Moonah', 'TAS', '7009', -42.846, 147.301, 'Main Road', 'Derwent Park Road'),
  launceston: p('Launceston', 'TAS', '7250', -41.438, 147.135, 'Invermay Road', 'Wellington Street'),
  devonport: p('Devonport', 'TAS', '7310', -41.177, 146.351, 'Formby Road', 'William Street'),
  // Queensland
  capalaba: p('Capalaba', 'QLD', '4157', -27.5231, 153.1929, 'Redland Bay Road', 'Old Cleveland Road', 'Moreton Bay Road'),
  cleveland: p('Cleveland', 'QLD', '4163', -27.526, 153.266, 'Shore Street West', 'Bloomfield Street'),
  springwood: p('Springwood', 'QLD', '4127', -27.612, 153.129, 'Pacific Highway', 'Fitzgerald Avenue'),
  aspley: p('Aspley', 'QLD', '4034', -27.365, 153.017, 'Gympie Road', 'Robinson Road'),
  windsor: p('Windsor', 'QLD', '4030', -27.433, 153.033, 'Lutwyche Road', 'Albion Road'),
  moorooka: p('Moorooka', 'QLD', '4105', -27.536, 153.024, 'Ipswich Road', 'Beaudesert Road'),
  indooroopilly: p('Indooroopilly', 'QLD', '4068', -27.498, 152.975, 'Moggill Road', 'Coonan Street'),
  northLakes: p('North Lakes', 'QLD', '4509', -27.236, 153.02, 'North Lakes Drive', 'Memorial Drive'),
  eagleFarm: p('Eagle Farm', 'QLD', '4009', -27.433, 153.088, 'Kingsford Smith Drive', 'Schneider Road'),
  ipswich: p('Ipswich', 'QLD', '4305', -27.614, 152.76, 'Brisbane Road', 'Warwick Road'),
  southport: p('Southport', 'QLD', '4215', -27.967, 153.4, 'Ferry Road', 'Scarborough Street'),
  burleighHeads: p('Burleigh Heads', 'QLD', '4220', -28.088, 153.45, 'West Burleigh Road', 'Christine Avenue'),
  maroochydore: p('Maroochydore', 'QLD', '4558', -26.66, 153.1, 'Maroochydore Road', 'Aerodrome Road'),
  toowoomba: p('Toowoomba', 'QLD', '4350', -27.56, 151.953, 'Ruthven Street', 'James Street'),
  rockhampton: p('Rockhampton', 'QLD', '4700', -23.378, 150.512, 'Yaamba Road', 'George Street'),
  mackay: p('Mackay', 'QLD', '4740', -21.144, 149.186, 'Nebo Road', 'Sydney Street'),
  townsville: p('Garbutt', 'QLD', '4814', -19.265, 146.771, 'Duckworth Street', 'Ingham Road'),
  cairns: p('Portsmith', 'QLD', '4870', -16.938, 145.77, 'Mulgrave Road', 'Aumuller Street'),
  bundaberg: p('Bundaberg', 'QLD', '4670', -24.866, 152.349, 'Takalvan Street', 'Bourbong Street'),
  // South Australia
  adelaide: p('Adelaide', 'SA', '5000', -34.928, 138.6, 'West Terrace', 'Grote Street'),
  mileEnd: p('Mile End', 'SA', '5031', -34.925, 138.57, 'Burbridge Road', 'South Road'),
  kentTown: p('Kent Town', 'SA', '5067', -34.922, 138.62, 'Rundle Street', 'Dequetteville Terrace'),
  elizabeth: p('Elizabeth', 'SA', '5112', -34.716, 138.671, 'Main North Road', 'Philip Highway'),
  morphettVale: p('Morphett Vale', 'SA', '5162', -35.128, 138.524, 'Main South Road', 'Beach Road'),
  mountBarker: p('Mount Barker', 'SA', '5251', -35.067, 138.858, 'Adelaide Road', 'Hutchinson Street'),
  mountGambier: p('Mount Gambier', 'SA', '5290', -37.83, 140.782, 'Jubilee Highway East', 'Penola Road'),
  // Western Australia
  osbornePark: p('Osborne Park', 'WA', '6017', -31.9, 115.81, 'Scarborough Beach Road', 'Main Street'),
  cannington: p('Cannington', 'WA', '6107', -32.017, 115.936, 'Albany Highway', 'Sevenoaks Street'),
  midland: p('Midland', 'WA', '6056', -31.888, 116.01, 'Great Eastern Highway', 'Morrison Road'),
  joondalup: p('Joondalup', 'WA', '6027', -31.744, 115.766, 'Joondalup Drive', 'Winton Road'),
  rockingham: p('Rockingham', 'WA', '6168', -32.277, 115.73, 'Patterson Road', 'Read Street'),
  victoriaPark: p('Victoria Park', 'WA', '6100', -31.977, 115.897, 'Shepperton Road', 'Albany Highway'),
  myaree: p('Myaree', 'WA', '6154', -32.04, 115.817, 'Leach Highway', 'Hulme Court'),
  bunbury: p('Bunbury', 'WA', '6230', -33.327, 115.641, 'Strickland Street', 'Blair Street'),
  mandurah: p('Mandurah', 'WA', '6210', -32.528, 115.723, 'Pinjarra Road', 'Gordon Road'),
  kalgoorlie: p('Kalgoorlie', 'WA', '6430', -30.749, 121.466, 'Great Eastern Highway', 'Hannan Street'),
  // Northern Territory
  winnellie: p('Winnellie', 'NT', '0820', -12.427, 130.886, 'Stuart Highway', 'McKinnon Road'),
  darwin: p('Darwin City', 'NT', '0800', -12.463, 130.844, 'Mitchell Street', 'Cavenagh Street'),
  palmerston: p('Palmerston', 'NT', '0830', -12.486, 130.983, 'Roystonea Avenue', 'University Avenue'),
  aliceSprings: p('Alice Springs', 'NT', '0870', -23.698, 133.88, 'Stuart Highway', 'Todd Street'),
} as const satisfies Record<string, Place>;

export type PlaceKey = keyof typeof PLACES;

export const STATE_NAMES: Record<StateCode, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};
