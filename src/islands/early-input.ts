import { useEffect, type RefObject } from 'react';

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Field types that hold nothing a shopper typed or picked. */
const SKIPPED_TYPES = new Set(['hidden', 'file', 'submit', 'reset', 'button', 'image']);

/**
 * What the field showed as rendered: its default value as the browser cleans it for the field's
 * type (a range input moves 55990 to its nearest step, 56000, before anyone touches it).
 */
function renderedValue(field: HTMLInputElement | HTMLTextAreaElement): string {
  if (field instanceof HTMLTextAreaElement) return field.defaultValue;
  const probe = field.ownerDocument.createElement('input');
  for (const name of ['type', 'min', 'max', 'step']) {
    const value = field.getAttribute(name);
    if (value !== null) probe.setAttribute(name, value);
  }
  probe.defaultValue = field.defaultValue;
  return probe.value;
}

/**
 * Hands whatever a shopper typed or picked in an island's server-rendered fields before the
 * island hydrated to the island's own change handlers, as if they had done it just now.
 *
 * React keeps such values in the page when it hydrates but never reports them: the island's state
 * still holds the server's value, and React's change tracking already counts the typed text as
 * seen, so typing the same again does nothing either. So each changed field is told what it held
 * as rendered (through the `value` / `checked` property, which that tracking follows), given the
 * shopper's value back behind the tracking's back (the native setter), and sent the event React
 * listens to, then, if they have already left it, its blur. Fields whose state is only read on
 * submit (uncontrolled) are unaffected.
 */
export function replayEarlyInput(root: Element): void {
  const island = root.closest('astro-island');
  for (const field of root.querySelectorAll<FormControl>('input, select, textarea')) {
    // An island nested in this one (a form in a dialog) replays its own fields when it wakes.
    if (field.disabled || field.closest('astro-island') !== island) continue;
    if (field instanceof HTMLSelectElement) {
      if (field.multiple) continue;
      const rendered =
        [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
      // React listens to `change` on selects and keeps no tracking for them.
      if (rendered && field.value !== rendered.value) {
        field.dispatchEvent(new Event('change', { bubbles: true }));
        replayLeaving(field);
      }
      continue;
    }
    if (
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      // A radio group's newly picked button carries the change; the one it replaced follows it.
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked))
        continue;
      const picked = field.checked;
      field.checked = !picked;
      field.click(); // back to the shopper's choice, with the click React reads checkbox changes from
      continue;
    }
    if (SKIPPED_TYPES.has(field.type) || field.value === renderedValue(field)) continue;
    const typed = field.value;
    const setValue = Object.getOwnPropertyDescriptor(
      Object.getPrototypeOf(field) as object,
      'value',
    )?.set;
    if (!setValue) continue;
    field.value = field.defaultValue;
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    replayLeaving(field);
  }
}

/**
 * A field the shopper already left before hydration gets its blur too, so what the island does on
 * leaving (the Finance Calculator puts a price in range) happens as it would have. React hears
 * `focusout`; `blur` is sent first, as the browser does.
 */
function replayLeaving(field: FormControl): void {
  if (field.ownerDocument.activeElement === field) return;
  field.dispatchEvent(new FocusEvent('blur'));
  field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

/**
 * Once, right after the island hydrates: treat what the shopper already typed or picked in its
 * fields (inside `root`) as their input. Every island with form fields calls this.
 */
export function useEarlyInput(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (root.current) replayEarlyInput(root.current);
    // Only the first render's fields were on the page before hydration: run once.
  }, []);
}
