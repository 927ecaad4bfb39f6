import { memo, useDeferredValue, useRef, type RefObject } from 'react';
import { CarCard } from '../CarCard';
import { isAvailable } from '../../domain/stock';
import type { SearchDocument } from '../../search/document';
import type { SearchPageConfig } from '../../search/page-config';
import { collapseSoldRuns } from '../../search/results';
import { listedUntil } from '../../search/freshness';
import { defaultPromoExpiry, shownPromos, withPromos } from '../../domain/promos';
import FavouriteButton from '../FavouriteButton';
import { canFavourite } from '../../domain/favourite-eligibility';
import { randomPromoAttributes } from './random-promo';
import { responsiveImage } from '../../domain/images/responsive';
import { SEARCH_DOM } from '../../search/dom-contract';

interface Props {
  hits: SearchDocument[];
  config: SearchPageConfig;
  /** 1-based grid positions for promo cards. */
  promoPositions: number[];
  nowMs: number;
  /** Render the favourite hearts (only inside the hydrated island). */
  interactive: boolean;
}

const isSold = (doc: SearchDocument) =>
  !isAvailable({ status: doc.status, sold: doc.sold === true });

/** When a sold car leaves the listing (the page's script hides it from then on, ./loader.ts). */
const soldUntil = (doc: SearchDocument, soldDays: number) =>
  isSold(doc) && typeof doc.sold_date_timestamp === 'number'
    ? listedUntil(doc.sold_date_timestamp, soldDays)
    : undefined;

/**
 * Rows of cards drawn in the same frame as a new answer: a desktop's first screen, more than a
 * phone's. The rest follow in a deferred render React splits into short tasks, so a filter click
 * on a slow phone shows its answer without waiting for the cards below the fold.
 */
const FIRST_ROWS = 2;

/**
 * The result grid. A new answer's first rows are drawn with it and the rest in a deferred render;
 * when none of the grid is on screen (a phone's open filter panel fills the screen above it), all
 * of it waits for the deferred render, so a tap there shows the new count at once.
 */
export function ResultGrid({ hits, filtersOpen, ...props }: Props & { filtersOpen: boolean }) {
  const settled = useDeferredValue(hits);
  const list = useRef<HTMLUListElement>(null);
  let shown = hits;
  if (settled !== hits) {
    // Read as the answer renders (the layout of the click, before any new card). Not once the panel
    // is closing: 'Show Me' lands on the grid.
    const outOfSight =
      filtersOpen &&
      list.current !== null &&
      list.current.getBoundingClientRect().top >= window.innerHeight;
    shown = outOfSight ? settled : hits.slice(0, FIRST_ROWS * props.config.cardsPerRow);
  }
  return <Grid hits={shown} listRef={list} {...props} />;
}

/** The cards: sold runs collapsed, promo cards inserted, 3 (or 4) per row, centred when few. Drawn again only for other hits. */
const Grid = memo(function Grid({
  hits,
  config,
  promoPositions,
  nowMs,
  interactive,
  listRef,
}: Props & { listRef: RefObject<HTMLUListElement | null> }) {
  const cars = collapseSoldRuns(hits, isSold);
  const items = withPromos(
    cars,
    shownPromos(config.promos.cards, nowMs, defaultPromoExpiry(config.promos.default_expiry)),
    promoPositions,
  );
  const few = items.length < 3;
  const fixed = items.flatMap((item) =>
    item.kind === 'promo' && item.promo.position != null ? [item.position] : [],
  );
  return (
    <ul
      ref={listRef}
      className={`card-grid results-grid results-grid--${config.cardsPerRow}${few ? ' results-grid--few' : ''}`}
      {...{ [SEARCH_DOM.resultsAttribute]: '' }}
    >
      {items.map((item, index) =>
        item.kind === 'car' ? (
          <li
            key={item.car.objectID}
            className={SEARCH_DOM.cardClass}
            {...{
              [SEARCH_DOM.cardIdAttribute]: item.car.objectID,
              [SEARCH_DOM.listedUntilAttribute]: soldUntil(item.car, config.soldDays),
            }}
          >
            <CarCard
              car={item.car as unknown as Parameters<typeof CarCard>[0]['car']}
              attributes={config.attributes}
              headingLevel={2}
              context={config.card}
              priority={index === 0}
              favourite={
                interactive && config.favourites && canFavourite(item.car.price, item.car.image) ? (
                  <FavouriteButton
                    car={{
                      id: item.car.objectID,
                      name: item.car.name,
                      slug: item.car.slug,
                      make: item.car.make,
                      model: item.car.model,
                      primary_image_url: item.car.image ?? null,
                    }}
                  />
                ) : undefined
              }
            />
          </li>
        ) : (
          <li
            key={`promo-${item.position}`}
            className="results-grid__promo"
            data-promo-position={item.position}
            {...randomPromoAttributes(config.promos.placement, item.promo, fixed)}
          >
            <article className="card promo-card">
              {item.promo.image && (
                <img
                  {...responsiveImage(config.card.images, item.promo.image, 'card')}
                  alt=""
                  width={600}
                  height={400}
                  loading="lazy"
                />
              )}
              <div className="card__body">
                <h2 className="card__title">
                  <a href={item.promo.url}>{item.promo.title}</a>
                </h2>
                {item.promo.text && <p>{item.promo.text}</p>}
              </div>
            </article>
          </li>
        ),
      )}
    </ul>
  );
});
