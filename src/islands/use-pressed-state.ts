import { useLayoutEffect, type RefObject } from 'react';
import { WAITING } from './early-press';

/**
 * Keeps the toggle's aria-pressed on the island's state after every render. React neither patches
 * an attribute at hydration nor writes one whose value did not change, so a press shown early
 * that the island then refuses (a full compare list) or that met a stored state would otherwise
 * stay on screen; until the held press arrives, the early look stays.
 */
export function usePressedState(toggle: RefObject<HTMLElement | null>, pressed: boolean): void {
  useLayoutEffect(() => {
    const element = toggle.current;
    if (element && !element.hasAttribute(WAITING))
      element.setAttribute('aria-pressed', String(pressed));
  });
}
