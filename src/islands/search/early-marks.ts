/**
 * What an early answer (./early-answers.ts) changes in the HTML besides texts: elements it hid,
 * and the results grid it holds at its height while only some of the answer's cards are in the
 * page. The app's answer to the same state removes the hidden elements; the app clears the marks
 * with its first own answer (anything it kept is in that answer).
 */

export const EARLY_HIDDEN = 'data-early-hidden';
/** On the results grid, with the text its placeholder row shows. */
export const EARLY_BUSY = 'data-early-busy';

export function hideEarly(element: HTMLElement, hidden: boolean): void {
  element.toggleAttribute(EARLY_HIDDEN, hidden);
}

export function holdGrid(grid: HTMLElement, busyText: string | undefined, height: number): void {
  if (busyText === undefined) {
    releaseGrid(grid);
    return;
  }
  if (!grid.hasAttribute(EARLY_BUSY)) grid.style.minHeight = `${height}px`;
  grid.setAttribute(EARLY_BUSY, busyText);
  grid.setAttribute('aria-busy', 'true');
}

function releaseGrid(grid: HTMLElement): void {
  if (!grid.hasAttribute(EARLY_BUSY)) return;
  grid.removeAttribute(EARLY_BUSY);
  grid.removeAttribute('aria-busy');
  grid.style.minHeight = '';
}

export function clearEarlyMarks(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${EARLY_HIDDEN}]`))
    element.removeAttribute(EARLY_HIDDEN);
  for (const grid of root.querySelectorAll<HTMLElement>(`[${EARLY_BUSY}]`)) releaseGrid(grid);
}
