import type { Model } from '../feeds/schemas';
import type { Template } from '../tenant/schema';
import { slugify } from '../domain/slug';

/** SPEC 2: the model range lives at /new-vehicles on manufacturer sites and /models otherwise. */
export function modelListingPath(template: Template): string {
  return template === 'manufacturer' ? '/new-vehicles' : '/models';
}

/** SPEC 2: a model's page is its override url, else /{new_slug or slug} (manufacturer) or /models/{slug}. */
export function modelPath(
  model: Pick<Model, 'slug' | 'new_slug' | 'override_url'>,
  template: Template,
): string {
  if (model.override_url) return model.override_url;
  return template === 'manufacturer' ? `/${model.new_slug || model.slug}` : `/models/${model.slug}`;
}

export function carPath(car: { slug: string }): string {
  return `/cars/${car.slug}`;
}

export function makeSearchPath(make: string): string {
  return `/search/${slugify(make)}`;
}

export function modelSearchPath(make: string, model: string): string {
  return `/search/${slugify(make)}/${slugify(model)}`;
}
