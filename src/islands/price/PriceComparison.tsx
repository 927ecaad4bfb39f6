import { useEffect, useId, useState } from 'react';
import { formatPrice } from '../../domain/format';
import {
  countUpValue,
  GAUGE,
  GAUGE_FETCH_FAILED,
  GAUGE_NO_DATA,
  gaugeView,
  type AutogaugeData,
  type GaugeView,
} from '../../domain/price-comparison';

export interface PriceComparisonProps {
  /** The car's autogauge endpoint (SPEC 7: {api base}{car.path}/autogauge). */
  src: string;
  /** The market average (autograb_data), for the below-market badge. */
  average?: number | null | undefined;
}

type State = { kind: 'loading' } | { kind: 'hidden' } | { kind: 'shown'; view: GaugeView };

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** SPEC 4/5/9 'Price Comparison': skeleton while loading, hidden on failure or missing data, animated gauge. */
export default function PriceComparison({ src, average }: PriceComparisonProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [filled, setFilled] = useState(false);
  const [shownPrice, setShownPrice] = useState(0);
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetch(src, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        const data = response.ok ? ((await response.json()) as AutogaugeData | null) : null;
        if (!data) {
          console.error(GAUGE_NO_DATA);
          return setState({ kind: 'hidden' });
        }
        const view = gaugeView(data, average);
        setState(view ? { kind: 'shown', view } : { kind: 'hidden' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(GAUGE_FETCH_FAILED, error);
        setState({ kind: 'hidden' });
      });
    return () => controller.abort();
  }, [src, average]);

  useEffect(() => {
    if (state.kind !== 'shown') return;
    const target = state.view.listingPrice;
    if (reducedMotion()) {
      setFilled(true);
      setShownPrice(target);
      return;
    }
    // Start the 2.5 s fill transition on the next frame, and count the price up over 2 s.
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      setFilled(true);
      setShownPrice(countUpValue(target, now - start));
      if (now - start < GAUGE.countUpMs) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [state]);

  if (state.kind === 'hidden') return null;
  if (state.kind === 'loading') {
    return (
      <section
        className="price-comparison price-comparison--loading"
        aria-busy="true"
        aria-labelledby={headingId}
      >
        <h2 id={headingId}>Price Comparison</h2>
        <p className="visually-hidden">Loading the price comparison</p>
        <div className="skeleton skeleton--bar" />
        <div className="skeleton skeleton--line" />
      </section>
    );
  }
  const { view } = state;
  return (
    <section className="price-comparison" aria-labelledby={headingId}>
      <h2 id={headingId}>Price Comparison</h2>
      {view.belowMarket && <p className="price-comparison__badge">Below Market Price</p>}
      <p className="price-comparison__price">
        <span className="visually-hidden">This car's price: {formatPrice(view.listingPrice)}</span>
        <span aria-hidden="true">{formatPrice(shownPrice)}</span>
      </p>
      <div
        className="price-comparison__gauge"
        role="img"
        aria-label={`Priced at ${formatPrice(view.listingPrice)}, within a market range of ${formatPrice(view.min)} to ${formatPrice(view.max)}`}
      >
        <div
          className="price-comparison__fill"
          style={{
            width: filled ? `${view.fillPercent}%` : '0%',
            transitionDuration: `${GAUGE.animationMs}ms`,
          }}
          data-fill={view.fillPercent}
        />
      </div>
      <div className="price-comparison__range" aria-hidden="true">
        <span>{formatPrice(view.min)}</span>
        <span>{formatPrice(view.max)}</span>
      </div>
      {view.description && <p>{view.description}</p>}
    </section>
  );
}
