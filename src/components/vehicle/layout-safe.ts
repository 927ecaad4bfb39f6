/**
 * Changes to a page's layout made only when they move nothing the shopper can see (CLS 0).
 *
 * Chromium counts any movement of content in view as a layout shift, however it is done: a
 * compensating transform (FLIP), re-inserting the moved nodes and a view transition were all still
 * counted in a test page. So a part is removed (or added) at once only when everything it would
 * move is out of view: the part is below the viewport, or its whole column (sidebar, content, a
 * fixed bar) is a screen above it (the browser's scroll anchoring keeps what is in view in place)
 * or not shown at all. Until then a part to remove is concealed (invisible and inert, its space
 * kept), and the changes are tried again as the shopper scrolls.
 */

const COLUMNS = '.vehicle__sidebar, .vehicle__content, [data-sticky-header], [data-cta-bar]';

/** Whether changing the layout at `element` moves nothing in view. */
export function movesNothingInView(element: Element): boolean {
  if (!element.isConnected) return true;
  const column = element.closest(COLUMNS) ?? element.ownerDocument.body;
  // A fixed bar not shown (the sticky header before 500 px, the phone bar before 900 px) paints nothing.
  if (column.getClientRects().length === 0 || getComputedStyle(column).visibility === 'hidden')
    return true;
  const view = element.ownerDocument.defaultView!;
  const box = element.getBoundingClientRect();
  if (element.getClientRects().length > 0 && box.top >= view.innerHeight) return true;
  // Scroll anchoring keeps what is in view in place by scrolling up as much as the column lost, which
  // brings what was above the anchor that much lower: only a column a screen above the view is clear.
  return column.getBoundingClientRect().bottom <= -view.innerHeight;
}

/** Where an element inserted after `place` would go: the next laid-out element after it. */
function insertionPoint(place: Element): Element {
  for (let next = place.nextElementSibling; next; next = next.nextElementSibling)
    if (next.getClientRects().length > 0) return next;
  return place.parentElement ?? place;
}

type Change = { at: () => Element; apply: () => void; conceal?: () => void };

/** A note shorter than this would show as a cut-off line: the space stays plain. */
const MIN_COVER_HEIGHT = 40;

export class LayoutChanges {
  private readonly pending: Change[] = [];
  private readonly touched = new Set<Element>();
  private readonly concealed = new Set<HTMLElement>();
  private readonly covers: { container: HTMLElement; note: HTMLElement }[] = [];
  private listening = false;

  constructor(private readonly root: Document = document) {}

  /** Remove `element` from the layout (display: none, no gap). */
  hide(element: HTMLElement): void {
    if (this.touched.has(element) || element.style.display === 'none') return;
    this.touched.add(element);
    this.pending.push({
      at: () => element,
      apply: () => {
        this.concealed.delete(element);
        element.style.display = 'none';
        element.style.removeProperty('visibility');
        element.removeAttribute('inert');
        element.setAttribute('aria-hidden', 'true');
      },
      conceal: () => {
        this.concealed.add(element);
        element.style.visibility = 'hidden';
        element.setAttribute('inert', '');
        element.setAttribute('aria-hidden', 'true');
      },
    });
  }

  /**
   * Put `replacement` in place of `element`. In view, it takes the old one's height until that
   * height can be given back, so what follows stays where it is.
   */
  replace(element: HTMLElement, replacement: Element): void {
    if (this.touched.has(element)) return;
    this.touched.add(element);
    const target = replacement as HTMLElement;
    if (movesNothingInView(element)) {
      element.replaceWith(target);
      return;
    }
    // Whatever follows stays put: the replacement grows by what the swap would move it.
    const next = element.nextElementSibling;
    const before = next?.getBoundingClientRect().top ?? 0;
    element.replaceWith(target);
    const moved = before - (next?.getBoundingClientRect().top ?? before);
    if (moved > 0) target.style.minHeight = `${target.getBoundingClientRect().height + moved}px`;
    this.pending.push({
      at: () => target,
      apply: () => target.style.removeProperty('min-height'),
    });
  }

  /** Insert `element` after `place` (a template) once that moves nothing in view. */
  insertAfter(place: Element, element: Element): void {
    this.pending.push({ at: () => insertionPoint(place), apply: () => place.after(element) });
  }

  /**
   * While parts hidden inside `container` keep their space (concealed), `note` stands over that
   * space so it is not left blank. Placed absolutely, it moves nothing; it goes when they close.
   */
  cover(container: HTMLElement, note: HTMLElement): void {
    this.covers.push({ container, note });
  }

  /** Apply what can be applied now; conceal the rest and retry it as the shopper scrolls. */
  start(): void {
    this.flush(true);
    if (this.pending.length === 0 || this.listening) return;
    this.listening = true;
    let queued = false;
    const retry = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        this.flush(false);
        if (this.pending.length > 0) return;
        this.root.removeEventListener('scroll', retry);
        this.root.defaultView?.removeEventListener('resize', retry);
      });
    };
    this.root.addEventListener('scroll', retry, { passive: true });
    this.root.defaultView?.addEventListener('resize', retry, { passive: true });
  }

  private flush(first: boolean): void {
    // Measure everything before changing anything: one change must not make another look safe.
    const ready = this.pending.map((change) => movesNothingInView(change.at()));
    const waiting: Change[] = [];
    this.pending.forEach((change, index) => {
      if (ready[index]) change.apply();
      else {
        if (first) change.conceal?.();
        waiting.push(change);
      }
    });
    this.pending.splice(0, this.pending.length, ...waiting);
    this.placeCovers();
  }

  private placeCovers(): void {
    for (const { container, note } of this.covers) {
      const run = this.tallestConcealedRun(container);
      if (!run || run.bottom - run.top < MIN_COVER_HEIGHT) {
        note.remove();
        continue;
      }
      if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
      const origin = container.getBoundingClientRect().top;
      note.style.position = 'absolute';
      note.style.top = `${run.top - origin}px`;
      note.style.height = `${run.bottom - run.top}px`;
      if (!note.isConnected) container.append(note);
    }
  }

  /** The tallest run of concealed children of `container` with nothing shown between them. */
  private tallestConcealedRun(container: HTMLElement): { top: number; bottom: number } | undefined {
    let tallest: { top: number; bottom: number } | undefined;
    let run: { top: number; bottom: number } | undefined;
    for (const child of container.children) {
      if (child.getClientRects().length === 0 || !(child instanceof HTMLElement)) continue;
      if (!this.concealed.has(child)) {
        run = undefined;
        continue;
      }
      const box = child.getBoundingClientRect();
      run = run ? { top: run.top, bottom: box.bottom } : { top: box.top, bottom: box.bottom };
      if (!tallest || run.bottom - run.top > tallest.bottom - tallest.top) tallest = run;
    }
    return tallest;
  }
}
