import { BODY_TYPES, bodySearchPath, bodyTypesOf, type BodyTypeId } from '../domain/body-types';
import { modelFromPrice, modelStatusLabel } from '../domain/models';
import { siteBrands } from './brands';
import { runningOffers as shownOffers } from '../domain/offers';
import { defaultPromoExpiry } from '../domain/promos';
import { makeSearchPath, modelListingPath, modelPath } from './paths';
import { perSite } from './memo';
import { stockNoun } from './stock-noun';
import type { SiteData } from './types';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavItem extends NavLink {
  /** Sub-menu entries (a dropdown); the item's own href is the "see all" target. */
  children?: NavLink[];
  /** The Vehicles mega-menu: models with images and prices, and brand logos (76x65). */
  mega?: MegaMenu;
}

export interface MegaMenu {
  models: (NavLink & { image?: string; price?: number; status?: string })[];
  brands: (NavLink & { logo: string })[];
}

export interface FooterGroup {
  heading: string;
  links: NavLink[];
}

export const OFFERS_PATH = '/special-offers';

/** Offers shown at `nowMs` (the promo rule); the Offers menu entry only shows when there are some (SPEC 2). */
export function runningOffers(site: Pick<SiteData, 'offers' | 'tenant'>, nowMs: number) {
  return shownOffers(site.offers, nowMs, defaultPromoExpiry(site.tenant.promos.default_expiry));
}

/** Makes in stock, most cars first. */
export function stockMakes(site: Pick<SiteData, 'cars'>): { make: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const car of site.cars) counts.set(car.make, (counts.get(car.make) ?? 0) + 1);
  return [...counts]
    .map(([make, count]) => ({ make, count }))
    .sort((a, b) => b.count - a.count || a.make.localeCompare(b.make));
}

/** SPEC body types present in stock, in SPEC order. */
export function stockBodyTypes(
  site: Pick<SiteData, 'cars'>,
): { id: BodyTypeId; label: string; count: number }[] {
  const counts = new Map<BodyTypeId, number>();
  for (const car of site.cars)
    for (const id of bodyTypesOf(car)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return (Object.keys(BODY_TYPES) as BodyTypeId[])
    .filter((id) => counts.has(id))
    .map((id) => ({ id, label: BODY_TYPES[id], count: counts.get(id)! }));
}

/** What the Vehicles menu lists: the model range where there is one, else the makes in stock. */
function vehicleLinks(site: SiteData): NavLink[] {
  const { template } = site.tenant;
  if (site.models.length)
    return site.models.map((model) => ({ label: model.name, href: modelPath(model, template) }));
  return stockMakes(site)
    .slice(0, 20)
    .map(({ make }) => ({ label: make, href: makeSearchPath(make) }));
}

/** SPEC 2: the Vehicles mega-menu lists the model range (or makes in stock) and the brand logos. */
function vehiclesMegaMenu(site: SiteData): MegaMenu {
  const { template } = site.tenant;
  const models = site.models.length
    ? site.models.map((model) => ({
        label: model.name,
        href: modelPath(model, template),
        image: model.cloudfront_new_image_url ?? model.image?.url ?? undefined,
        price: modelFromPrice(model),
        status: modelStatusLabel(model.status),
      }))
    : vehicleLinks(site);
  const brands = siteBrands(site)
    .filter((brand): brand is typeof brand & { logo: string } => !!brand.logo)
    .slice(0, 24)
    .map((brand) => ({ label: brand.name, href: `/${brand.slug}/overview`, logo: brand.logo }));
  return { models, brands };
}

/** SPEC 2 "Navigation" header: Home, Vehicles, Our Stock, Offers (conditional), Finance, Service & Parts, Company. */
export function headerNavigation(site: SiteData, nowMs: number): NavItem[] {
  const { links, template } = site.tenant;
  const items: NavItem[] = [{ label: 'Home', href: '/' }];
  items.push({
    label: 'Vehicles',
    href: site.models.length ? modelListingPath(template) : links.stock,
    children: vehicleLinks(site),
    mega: vehiclesMegaMenu(site),
  });
  items.push({ label: 'Our Stock', href: links.stock });
  if (runningOffers(site, nowMs).length) items.push({ label: 'Offers', href: OFFERS_PATH });
  items.push({ label: 'Finance', href: links.finance });
  items.push({
    label: 'Service & Parts',
    href: links.service,
    children: [
      { label: 'Servicing', href: links.service },
      { label: 'Parts and Accessories', href: links.parts },
    ],
  });
  items.push({
    label: 'Company',
    href: '/about-us',
    children: [
      { label: 'About Us', href: '/about-us' },
      { label: 'Contact Us', href: '/contact-us' },
      { label: 'Fleet', href: '/fleet' },
      { label: 'Careers', href: '/careers' },
      { label: 'Terms And Conditions', href: '/terms-and-conditions' },
    ],
  });
  return items;
}

/** SPEC 2 footer: body types, models, buyer tools, service & parts, and the dealer's own group. */
export function footerNavigation(site: SiteData, nowMs: number): FooterGroup[] {
  const { links, name, stock } = site.tenant;
  const noun = stockNoun(site.tenant).plural;
  const groups: FooterGroup[] = [];
  const bodies = stockBodyTypes(site);
  if (bodies.length)
    groups.push({
      heading: 'Vehicles by body type',
      links: bodies.map(({ id, label }) => ({ label, href: bodySearchPath(id) })),
    });
  groups.push({
    heading: site.models.length ? 'Models' : 'Makes',
    links: vehicleLinks(site).slice(0, 12),
  });
  const buyerTools: NavLink[] = [{ label: `All ${noun}`, href: links.stock }];
  if (stock.car_types.includes('new'))
    buyerTools.push({ label: `New ${noun}`, href: links.new_cars });
  if (stock.car_types.includes('demo'))
    buyerTools.push({ label: `Demo ${noun}`, href: links.demo_cars });
  if (stock.car_types.includes('used'))
    buyerTools.push({ label: `Used ${noun}`, href: links.used_cars });
  if (runningOffers(site, nowMs).length) buyerTools.push({ label: 'Offers', href: OFFERS_PATH });
  buyerTools.push(
    { label: 'Finance', href: links.finance },
    { label: 'Trade In', href: links.trade_in },
    { label: 'Test Drive', href: links.test_drive },
  );
  groups.push({ heading: 'Buyer Tools', links: buyerTools });
  groups.push({
    heading: 'Service & Parts',
    links: [
      { label: 'Servicing', href: links.service },
      { label: 'Parts and Accessories', href: links.parts },
    ],
  });
  groups.push({
    heading: name,
    links: [
      { label: 'About', href: '/about-us' },
      { label: 'Contact', href: links.contact },
      { label: 'Fleet', href: '/fleet' },
      { label: 'Careers', href: '/careers' },
      { label: 'Terms', href: '/terms-and-conditions' },
      { label: 'Privacy', href: '/privacy-policy' },
    ],
  });
  return groups;
}

/** The header and footer menus of the site being built, computed once per build. */
export const siteHeaderNavigation = perSite((site) =>
  headerNavigation(site, Date.parse(site.builtAt)),
);
export const siteFooterNavigation = perSite((site) =>
  footerNavigation(site, Date.parse(site.builtAt)),
);

/** Whether a menu link is the current page's, or the section it is in (marked aria-current). */
export function isCurrentLink(href: string, path: string): boolean {
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}

const headerHrefs = perSite((site) =>
  siteHeaderNavigation(site).flatMap((item) => [
    item.href,
    ...(item.children ?? []).map((child) => child.href),
    ...(item.mega?.models ?? []).map((model) => model.href),
  ]),
);

/**
 * The header menu's links that are current on `path`. Pages that agree on these get the same
 * header, so it is rendered once for all of them (src/components/RenderOnce.astro).
 */
export function currentHeaderLinks(site: SiteData, path: string): string[] {
  return headerHrefs(site).filter((href) => isCurrentLink(href, path));
}
