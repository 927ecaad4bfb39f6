import { useEffect, useRef, useState } from 'react';
import type { MapMarker } from '../../site/map-markers';
import { countOf } from '../../domain/plural';

export interface MapTiles {
  url: string;
  attribution: string;
  maxZoom: number;
}

interface Props {
  markers: MapMarker[];
  tiles: MapTiles;
  /** Accessible name of the map region. */
  label: string;
}

/**
 * A Leaflet map of locations. The island hydrates when visible and only then loads Leaflet, so
 * pages without a visible map never download it. Without tiles (offline) the markers still show
 * on a plain background, and every location is also listed as a card on the page.
 */
export default function LocationsMap({ markers, tiles, label }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let dispose: (() => void) | undefined;
    let cancelled = false;
    import('./leaflet-map')
      .then(({ createLocationsMap }) => {
        if (cancelled || !container.current) return;
        dispose = createLocationsMap(container.current, markers, tiles);
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('Map failed to load', error);
        setState('failed');
      });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [markers, tiles]);

  return (
    <div className="locations-map" role="region" aria-label={label} data-map-state={state} data-marker-count={markers.length}>
      <div ref={container} className="locations-map__canvas" />
      {state !== 'ready' && (
        <p className="locations-map__fallback">
          {state === 'failed'
            ? 'The map could not be loaded. Every location is listed on this page.'
            : `Loading the map of ${countOf(markers.length, 'location')}...`}
        </p>
      )}
    </div>
  );
}
