/** Which vehicle a tenant has in stock: the franchise decides new stock, trade-ins can be anything. */
import { AURORA_MODELS } from './catalogue/aurora';
import { BODIES } from './catalogue/bodies';
import { GROUP_BRANDS, type BrandCategory } from './catalogue/brands';
import { CARAVAN_MODELS } from './catalogue/caravans';
import { ALL_CAR_MODELS, OTHER_CAR_MODELS } from './catalogue/makes';
import { MOTORCYCLE_MODELS } from './catalogue/motorcycles';
import { TOYOTA_MODELS } from './catalogue/toyota';
import { TRUCK_MODELS } from './catalogue/trucks';
import type { ItemType, ModelSpec, VariantSpec } from './catalogue/types';
import type { Network, StockSite } from './locations';
import type { Rng } from './random';
import type { CarType, TemplateKind } from './tenants';

export interface StockChoice {
  model: ModelSpec;
  variant: VariantSpec;
  site: StockSite;
  itemType: ItemType;
}

const CATALOGUE: Record<BrandCategory, ModelSpec[]> = {
  Car: ALL_CAR_MODELS,
  Motorcycle: MOTORCYCLE_MODELS,
  Truck: TRUCK_MODELS,
};
const BRAND_BY_NAME = new Map(GROUP_BRANDS.map((brand) => [brand.name, brand]));

const onSale = (model: ModelSpec) => model.until === undefined;
const pickModel = (rng: Rng, models: readonly ModelSpec[]) =>
  rng.weighted(models.map((model) => [model, model.weight ?? 1] as const));

/** Entry trims sell more than flagships. */
function pickVariant(rng: Rng, model: ModelSpec, carType: CarType): VariantSpec {
  if (carType === 'used') return rng.pick(model.variants);
  return rng.weighted(
    model.variants.map((variant, index) => [variant, 1 / (1 + index * 0.35)] as const),
  );
}

function itemTypeOf(model: ModelSpec, variant: VariantSpec): ItemType {
  return BODIES[variant.body ?? model.body].itemType;
}

/** Per-site model lists, computed once per network. */
export function stockChooser(
  template: TemplateKind,
  network: Network,
): (rng: Rng, carType: CarType) => StockChoice {
  const sites = network.sites.map((site) => [site, site.weight] as const);
  const siteModels = new Map<StockSite, { fresh: ModelSpec[]; traded: ModelSpec[] }>();
  for (const site of network.sites) {
    if (template === 'group') {
      const brands = site.brands
        .map((name) => BRAND_BY_NAME.get(name))
        .filter((brand) => brand !== undefined);
      const category = brands[0]?.category ?? 'Car';
      const makes = new Set(brands.map((brand) => brand.make));
      const all = CATALOGUE[category];
      siteModels.set(site, {
        fresh: all.filter((model) => makes.has(model.make) && onSale(model)),
        traded: all,
      });
    } else if (template === 'dealer') {
      siteModels.set(site, { fresh: TOYOTA_MODELS.filter(onSale), traded: OTHER_CAR_MODELS });
    } else if (template === 'manufacturer') {
      siteModels.set(site, { fresh: AURORA_MODELS, traded: AURORA_MODELS });
    } else {
      siteModels.set(site, { fresh: CARAVAN_MODELS, traded: CARAVAN_MODELS });
    }
  }
  return (rng, carType) => {
    const site = rng.weighted(sites);
    const lists = siteModels.get(site);
    if (!lists || !lists.fresh.length) throw new Error(`no stock for ${site.location.name}`);
    let model: ModelSpec;
    if (carType !== 'used') model = pickModel(rng, lists.fresh);
    // A Toyota dealer's trade-ins are Toyotas almost half the time.
    else if (template === 'dealer' && rng.chance(0.45)) model = pickModel(rng, TOYOTA_MODELS);
    else model = pickModel(rng, lists.traded);
    const variant = pickVariant(rng, model, carType);
    return { model, variant, site, itemType: itemTypeOf(model, variant) };
  };
}
