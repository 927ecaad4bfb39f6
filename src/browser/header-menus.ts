/**
 * The header dropdowns (SiteHeader.astro) are <details>, so they open by click and keyboard
 * without JavaScript. This adds what a menu should also do: open on mouse hover (desktop), one
 * open at a time, Escape and a click elsewhere close, arrow keys move through the entries.
 *
 * Hover then click: the hover has already opened the menu, and the click that follows would
 * toggle it shut. A click on a menu that only the hover opened keeps it open instead and pins it:
 * it then stays open when the mouse leaves, until a click elsewhere, Escape or a second click.
 */
export function initHeaderMenus(root: Document = document): void {
  const menus = [...root.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  const desktop = window.matchMedia('(min-width: 992px) and (hover: hover)');
  // Menus open because the mouse is over them (not clicked or opened by keyboard).
  const openByHover = new WeakSet<HTMLDetailsElement>();
  for (const menu of menus) {
    menu.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'mouse' || !desktop.matches || menu.open) return;
      menu.open = true;
      openByHover.add(menu);
    });
    menu.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse' && openByHover.has(menu)) menu.open = false;
    });
    menu.querySelector('summary')?.addEventListener('click', (event) => {
      if (!openByHover.has(menu)) return;
      event.preventDefault();
      openByHover.delete(menu);
    });
    menu.addEventListener('toggle', () => {
      if (!menu.open) openByHover.delete(menu);
      else for (const other of menus) if (other !== menu) other.open = false;
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
        return;
      }
      // Arrow keys: open from the summary and move between the menu's links.
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const links = [...menu.querySelectorAll<HTMLAnchorElement>('.submenu a')];
      if (!links.length) return;
      event.preventDefault();
      if (!menu.open) menu.open = true;
      const current = links.indexOf(root.activeElement as HTMLAnchorElement);
      const next =
        event.key === 'ArrowDown'
          ? Math.min(links.length - 1, current + 1)
          : current <= 0
            ? -1
            : current - 1;
      if (next < 0) menu.querySelector('summary')?.focus();
      else links[next]!.focus();
    });
  }
  root.addEventListener('click', (event) => {
    for (const menu of menus)
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
}
