/**
 * The home page slides (HomeSlides.astro): previous/next and position buttons move the scroll-snap
 * strip; arrow keys do the same while focus is in it. It advances on its own every ADVANCE_MS,
 * never for a shopper who prefers reduced motion, and holds while the mouse is over it or focus
 * is inside it (so a shopper reading or tabbing through a slide is not moved on).
 */
export const ADVANCE_MS = 6000;

export function initHomeSlides(carousel: HTMLElement): void {
  const track = carousel.querySelector<HTMLElement>('[data-track]');
  const dots = [...carousel.querySelectorAll<HTMLButtonElement>('[data-go]')];
  if (!track || dots.length < 2) return;
  const slides = [...track.children] as HTMLElement[];
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let current = 0;
  let hovered = false;
  let focused = false;

  const show = (index: number) => {
    const target = (index + slides.length) % slides.length;
    track.scrollTo({
      left: slides[target]!.offsetLeft - slides[0]!.offsetLeft,
      behavior: reducedMotion.matches ? 'instant' : 'smooth',
    });
    mark(target);
  };
  const mark = (index: number) => {
    current = index;
    dots.forEach((dot, i) =>
      i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    );
    // Links on slides out of view are out of the tab order too.
    slides.forEach((slide, i) => (slide.inert = i !== index));
  };
  mark(0);

  carousel.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button') : null;
    if (button?.dataset.step) show(current + Number(button.dataset.step));
    else if (button?.dataset.go) show(Number(button.dataset.go));
  });
  carousel.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      show(current + (event.key === 'ArrowRight' ? 1 : -1));
    }
  });
  // A swipe or trackpad scroll settles on a slide: mark it.
  track.addEventListener('scrollend', () => {
    const index = Math.round(track.scrollLeft / track.clientWidth);
    if (index !== current) mark(index);
  });
  carousel.addEventListener('pointerenter', () => (hovered = true));
  carousel.addEventListener('pointerleave', () => (hovered = false));
  carousel.addEventListener('focusin', () => (focused = true));
  carousel.addEventListener(
    'focusout',
    (event) => (focused = carousel.contains(event.relatedTarget as Node)),
  );

  window.setInterval(() => {
    if (reducedMotion.matches || hovered || focused || document.hidden) return;
    show(current + 1);
  }, ADVANCE_MS);
}
