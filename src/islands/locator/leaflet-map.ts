import L from 'leaflet';
// As a file, not an import Astro would link from every page with a map: a render-blocking 15 KB
// stylesheet on page load, for a map that loads only when it nears the screen.
import leafletCssUrl from 'leaflet/dist/leaflet.css?url';
import type { MapMarker } from '../../site/map-markers';
import type { MapTiles } from './LocationsMap';

function text(tag: string, content: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = content;
  if (className) element.className = className;
  return element;
}

function link(href: string, content: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = content;
  return anchor;
}

/** The marker popup: the location card in brief (name, address, phone, opening hours, details and stock links). */
function popupContent(marker: MapMarker): HTMLElement {
  const card = document.createElement('div');
  card.className = 'map-popup';
  card.append(text('strong', marker.name), text('p', marker.address));
  if (marker.phone) {
    const phone = link(`tel:${marker.phone.replace(/\s/g, '')}`, marker.phone);
    const line = document.createElement('p');
    line.append(phone);
    card.append(line);
  }
  if (marker.hours) {
    const hours = document.createElement('div');
    hours.className = 'map-popup__hours';
    hours.append(text('p', `${marker.hours.department} Opening Hours`, 'map-popup__hours-title'));
    const list = document.createElement('dl');
    for (const line of marker.hours.lines)
      list.append(text('dt', line.day), text('dd', line.hours));
    hours.append(list);
    card.append(hours);
  }
  const actions = document.createElement('p');
  actions.append(
    link(marker.detailsHref, 'View Location Details'),
    document.createTextNode(' · '),
    link(marker.stockHref, 'View Our Stock'),
  );
  card.append(actions);
  return card;
}

let stylesheet: Promise<void> | undefined;

/** Leaflet's stylesheet, added to the page once, when the first map is drawn. */
export function loadLeafletCss(): Promise<void> {
  stylesheet ??= new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = leafletCssUrl;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`Stylesheet ${leafletCssUrl} failed to load`));
    document.head.append(link);
  });
  return stylesheet;
}

/** Draw the map into `element`; returns a function that removes it. */
export function createLocationsMap(
  element: HTMLElement,
  markers: MapMarker[],
  tiles: MapTiles,
): () => void {
  const map = L.map(element, { scrollWheelZoom: false, maxZoom: tiles.maxZoom });
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: tiles.maxZoom }).addTo(map);
  const layer = L.featureGroup();
  for (const marker of markers) {
    const icon = L.divIcon({
      className: marker.number !== undefined ? 'map-marker map-marker--numbered' : 'map-marker',
      html: marker.number !== undefined ? `<span>${marker.number}</span>` : '',
      iconSize: [30, 30],
      iconAnchor: [15, 15],
      popupAnchor: [0, -15],
    });
    // Markers are a pointer shortcut: every location is also a card beside the map, which is the
    // keyboard and screen-reader path. Focusable markers that overlap (a national network at
    // country zoom) would fail WCAG 2.5.8 target size.
    L.marker([marker.lat, marker.lng], {
      icon,
      title: marker.name,
      alt: marker.name,
      keyboard: false,
    })
      .bindPopup(popupContent(marker))
      .addTo(layer);
  }
  layer.addTo(map);
  if (markers.length === 1) map.setView([markers[0]!.lat, markers[0]!.lng], tiles.maxZoom);
  else if (markers.length)
    map.fitBounds(layer.getBounds(), { padding: [24, 24], maxZoom: tiles.maxZoom });
  else map.setView([-27, 134], 4);
  return () => map.remove();
}
