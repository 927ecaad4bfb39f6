import {
  COMPARE_KEY,
  parseCompareList,
  toggleInList,
  type CompareEntry,
  type CompareOutcome,
} from '../domain/compare-eligibility';
import {
  favouriteEntry,
  FAVOURITES_KEY,
  parseFavourites,
  toggleFavouriteIn,
  type Favourite,
} from '../domain/favourites';

/**
 * A toggle (aria-pressed) whose island is still asleep answers the shopper's press at once: the
 * page's early layer (client:interaction, the search page's loader) holds the tap until the island
 * is live and plays it again then, which on a slow phone took 0.5-1.1 s. The press is saved to the
 * toggle's list in localStorage here, so a shopper who reloads or leaves before the island wakes
 * keeps it; the island, handed the replayed tap, only reads the list again and says what happened,
 * so a press never counts twice. Toggles opt in with data-early-press (its value names the list
 * and the entry); their pressed look follows aria-pressed in CSS.
 */
export const EARLY_PRESS = 'data-early-press';
/**
 * Set while presses shown early wait for their island, one word per press: the outcome already
 * saved ('added', 'removed', 'full'), or 'held' when it could not be (no storage) and the island
 * must act on it. The island leaves aria-pressed alone until the last one has reached it.
 */
export const WAITING = 'data-early-pressed';

type Outcome = CompareOutcome;
type EarlySave =
  | { key: typeof FAVOURITES_KEY; entry: Favourite }
  | { key: typeof COMPARE_KEY; entry: CompareEntry };

/** The value of a toggle's data-early-press: the list a press changes and the entry it adds or removes. */
export function earlySave({ key, entry }: EarlySave): string {
  const { id, name, slug } = entry;
  return JSON.stringify({
    key,
    entry: key === FAVOURITES_KEY ? favouriteEntry(entry as Favourite) : { id, name, slug },
  });
}

/** Called by an early layer for a tap it holds: answers the toggle it landed on, if it is one. */
export function pressEarly(target: Element): void {
  const toggle = target.closest(`[${EARLY_PRESS}][aria-pressed]`);
  if (!toggle) return;
  const saved = saveNow(toggle.getAttribute(EARLY_PRESS) ?? '');
  // Without storage the look flips and the island acts on the replay; a second tap flips it back.
  const pressed = saved ? saved.pressed : toggle.getAttribute('aria-pressed') !== 'true';
  const waiting = toggle.getAttribute(WAITING);
  toggle.setAttribute(WAITING, `${waiting ? `${waiting} ` : ''}${saved ? saved.outcome : 'held'}`);
  toggle.setAttribute('aria-pressed', String(pressed));
}

/**
 * The island's click handler calls this first: one held press has reached it. Returns what the
 * early layer already saved for it, or null when the island must act on the press itself.
 */
export function takeEarlyPress(toggle: Element | null): Outcome | null {
  const [first, ...rest] = (toggle?.getAttribute(WAITING) ?? '').split(' ').filter(Boolean);
  if (rest.length > 0) toggle!.setAttribute(WAITING, rest.join(' '));
  else toggle?.removeAttribute(WAITING);
  return first === 'added' || first === 'removed' || first === 'full' ? first : null;
}

/** Applies the press to the stored list, as the island's store would; null when it cannot. */
function saveNow(value: string): { outcome: Outcome; pressed: boolean } | null {
  try {
    const save = JSON.parse(value) as EarlySave;
    const raw = localStorage.getItem(save.key);
    const { list, outcome } =
      save.key === FAVOURITES_KEY
        ? toggleFavouriteIn(parseFavourites(raw), save.entry)
        : save.key === COMPARE_KEY
          ? toggleInList(parseCompareList(raw), save.entry)
          : { list: null, outcome: null };
    if (!list || !outcome) return null;
    if (outcome !== 'full') localStorage.setItem(save.key, JSON.stringify(list));
    // A press the full list refuses shows pressed, as a live press does until the island says why.
    return { outcome, pressed: outcome !== 'removed' };
  } catch {
    return null;
  }
}
