import { useEffect, useRef, useState } from 'react';
import type { MapMarker } from '../../site/map-markers';
import { countOf } from '../../domain/plural';
import { loadJson } from './load-json';

export interface MapTiles {
  url: string;
  attribution: string;
  maxZoom: number;
}

interface Props {
  /** The markers, in the page; or */
  markers?: MapMarker[];
  /** where to fetch them (a map of more locations than the page lists). */
  markersUrl?: string;
  /** How many markers, for the loading line. */
  count: number;
  tiles: MapTiles;
  /** Accessible name of the map region. */
  label: string;
}

/**
 * A Leaflet map of locations. The island hydrates when it nears the screen and only then loads
 * Leaflet (and, with `markersUrl`, its markers), so pages whose map is never scrolled to never
 * download either. Without tiles (offline) the markers still show on a plain background, and the
 * locations are also listed as cards (on this page, or on the state pages it links to).
 */
export default function LocationsMap({ markers, markersUrl, count, tiles, label }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let dispose: (() => void) | undefined;
    let cancelled = false;
    const leaflet = import('./leaflet-map').then(async (module) => {
      await module.loadLeafletCss();
      return module;
    });
    Promise.all([markers ?? loadJson<MapMarker[]>(markersUrl ?? ''), leaflet])
      .then(([shown, { createLocationsMap }]) => {
        if (cancelled || !container.current) return;
        dispose = createLocationsMap(container.current, shown, tiles);
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
  }, [markers, markersUrl, tiles]);

  return (
    <div
      className="locations-map"
      role="region"
      aria-label={label}
      data-map-state={state}
      data-marker-count={count}
    >
      <div ref={container} className="locations-map__canvas" />
      {state !== 'ready' && (
        <p className="locations-map__fallback">
          {state !== 'failed'
            ? `Loading the map of ${countOf(count, 'location')}...`
            : markersUrl
              ? 'The map could not be loaded. Every location is listed by state above.'
              : 'The map could not be loaded. Every location is listed on this page.'}
        </p>
      )}
    </div>
  );
}
