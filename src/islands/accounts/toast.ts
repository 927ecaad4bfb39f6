import { atom } from 'nanostores';

/** SPEC 9: a toast lasts 3000 ms and the list holds at most one. */
export const TOAST_MS = 3000;

export interface Toast {
  /** Which component shows it (the button that caused it), so one toast appears once. */
  source: string;
  title: string;
  message: string;
  action?: { label: string; href: string };
}

/** The one toast on screen, or null. A new toast replaces the old one. */
export const $toast = atom<Toast | null>(null);

let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(toast: Toast, ms = TOAST_MS): void {
  clearTimeout(timer);
  $toast.set(toast);
  timer = setTimeout(() => $toast.set(null), ms);
}

export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
}
