/**
 * Vehicle page chrome without a framework (runs once per page): the sticky header after 500 px,
 * the mobile call-to-action bar opened after 900 px, the dismissible announcement bar, and the
 * analytics for viewing a used car (event 4) and opening its history report (event 60).
 */
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';

/** SPEC 9: the sticky header shows after 500 px; the footer bar's open state is set past 900 px. */
export const STICKY_HEADER_AFTER_PX = 500;
export const FOOTER_BAR_AFTER_PX = 900;

function onScroll(): void {
  const y = window.scrollY;
  const header = document.querySelector<HTMLElement>('[data-sticky-header]');
  if (header) header.hidden = y <= STICKY_HEADER_AFTER_PX;
  const bar = document.querySelector<HTMLElement>('[data-cta-bar]');
  if (bar && y > FOOTER_BAR_AFTER_PX) bar.dataset.open = 'true';
}

export function initVehiclePage(): void {
  window.addEventListener('scroll', onScroll, { passive: true });
  // A page opened part-way down (back button, #anchor) needs the bars at once; reading scrollY
  // here would force a layout inside this script's task, so wait for the frame that lays out anyway.
  requestAnimationFrame(onScroll);

  const announcement = document.querySelector<HTMLElement>('[data-announcement]');
  const close = announcement?.querySelector<HTMLButtonElement>('[data-announcement-close]');
  if (announcement && close) {
    close.hidden = false;
    close.addEventListener('click', () => announcement.remove());
  }

  const page = document.querySelector<HTMLElement>('[data-vehicle]');
  if (page?.dataset.carType === 'used')
    track(EVENTS.usedDetailView, { car_id: page.dataset.carId });
  document
    .querySelectorAll<HTMLAnchorElement>('[data-history-report]')
    .forEach((link) =>
      link.addEventListener('click', () =>
        track(EVENTS.historyReport, { car_id: page?.dataset.carId }),
      ),
    );
}
