/**
 * Fills the similar-cars block (SimilarCars.astro): runs the SPEC multi-query through the
 * tenant's search client, merges the hits by the SPEC rules (src/domain/vehicle/similar.ts) and
 * renders them as a carousel with Previous/Next buttons. Loaded by ./similar-cars.ts only when
 * the block is within 500 px of view.
 */
import { formatKm, formatPrice } from '../../domain/format';
import { hasPrice, PRICE_ON_APPLICATION } from '../../domain/price-display';
import type { ImageUrlContext } from '../../domain/images/image-url';
import { responsiveImage } from '../../domain/images/responsive';
import { mergeSimilar, type SimilarSubject } from '../../domain/vehicle/similar';
import { similarQueries } from '../../search/similar-queries';
import type { SearchDocument } from '../../search/document';
import { lazySearchClient, type BrowserClientOptions } from '../../search/lazy-client';
import { carPath } from '../../site/paths';
import { showNotFound } from '../../browser/image-fallback';
import { similarCarsFailed } from './similar-cars';

type Hit = SearchDocument & { objectID: string };

function subjectOf(section: HTMLElement): SimilarSubject {
  const { id = '', make = '', model = '', price, body } = section.dataset;
  return {
    id,
    make,
    model,
    ...(price ? { price: Number(price) } : {}),
    ...(body ? { simple_body: body } : {}),
  };
}

function slot<T extends HTMLElement>(card: DocumentFragment, name: string): T {
  return card.querySelector<T>(`[data-slot="${name}"]`)!;
}

function cardFor(
  template: HTMLTemplateElement,
  hit: Hit,
  images: ImageUrlContext | undefined,
): DocumentFragment {
  const card = template.content.cloneNode(true) as DocumentFragment;
  card.querySelector('li')!.dataset.carId = hit.objectID;
  const image = slot<HTMLImageElement>(card, 'image');
  // SPEC 8: a missing image falls back to the not-found placeholder (once: no error loop).
  image.addEventListener('error', () => showNotFound(image), { once: true });
  const { src, srcSet, sizes } = responsiveImage(images, hit.image, 'similar');
  if (srcSet && sizes) {
    image.sizes = sizes;
    image.srcset = srcSet;
  }
  image.src = src;
  const name = slot<HTMLAnchorElement>(card, 'name');
  name.href = carPath(hit);
  name.textContent = hit.name;
  const priced = hasPrice(hit.price);
  slot(card, 'price').textContent = priced ? formatPrice(hit.price!) : PRICE_ON_APPLICATION;
  slot(card, 'price-type').textContent = priced && hit.price_type ? hit.price_type : '';
  slot(card, 'facts').textContent = [
    typeof hit.km === 'number' ? formatKm(hit.km) : null,
    hit.transmission,
    hit.simple_body,
  ]
    .filter(Boolean)
    .join(' · ');
  return card;
}

/** Previous/Next scroll the list by one card; a button at its end says so with aria-disabled (keeping focus). */
function wireCarousel(section: HTMLElement, list: HTMLElement): void {
  const controls = section.querySelector<HTMLElement>('[data-similar-controls]');
  if (!controls) return;
  const buttons = [...controls.querySelectorAll<HTMLButtonElement>('[data-similar-step]')];
  const update = () => {
    const max = list.scrollWidth - list.clientWidth;
    controls.hidden = max <= 1;
    for (const button of buttons) {
      const atEnd =
        Number(button.dataset.similarStep) < 0 ? list.scrollLeft <= 1 : list.scrollLeft >= max - 1;
      button.setAttribute('aria-disabled', String(atEnd));
    }
  };
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  for (const button of buttons) {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-disabled') === 'true') return;
      const card = list.querySelector('li');
      const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
      const step = (card?.getBoundingClientRect().width ?? list.clientWidth) + gap;
      list.scrollBy({
        left: Number(button.dataset.similarStep) * step,
        behavior: smooth ? 'smooth' : 'auto',
      });
    });
  }
  list.addEventListener('scroll', update, { passive: true });
  new ResizeObserver(update).observe(list);
  update();
}

export async function loadSimilarCars(section: HTMLElement): Promise<void> {
  const list = section.querySelector<HTMLElement>('.similar__list');
  const template = section.querySelector<HTMLTemplateElement>('template[data-similar-card]');
  if (!list || !template) return;
  try {
    const subject = subjectOf(section);
    const client = lazySearchClient(
      JSON.parse(section.dataset.search ?? '{}') as BrowserClientOptions,
    );
    const { results } = await client.search(similarQueries(subject));
    const cars = mergeSimilar(
      subject,
      results.map((result) => result.hits as Hit[]),
    );
    if (cars.length === 0) {
      section.hidden = true;
      return;
    }
    const images = section.dataset.images
      ? (JSON.parse(section.dataset.images) as ImageUrlContext)
      : undefined;
    list.replaceChildren(...cars.map((car) => cardFor(template, car, images)));
    wireCarousel(section, list);
  } catch (error) {
    similarCarsFailed(section, error);
  }
}
