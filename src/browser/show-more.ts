/**
 * Show More / Show Less buttons (ShowMore.astro): one click listener on the document opens or
 * closes the content a button controls. Nothing runs per toggle at load.
 */
export function initShowMore(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('button[data-show-more]');
    const extra = button && root.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!button || !extra) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    extra.hidden = !open;
  });
}
