/**
 * What the shopper typed, ticked or picked in the search page's HTML before the app was live,
 * recorded as it happened and handed to the app afterwards. The app may re-render its controlled
 * fields (with a fresh answer) before it is told, which puts the rendered values back in the page:
 * reading the fields afterwards, as ../early-input.ts does for islands, would then find nothing.
 *
 * Once React has started hydrating, a touch makes it finish at once and act on the event itself:
 * such a change must not be handed over again (a second tick of a box unticks it). The app reports
 * each event it acts on (`seen`); a field whose last recorded event the app saw is left alone.
 */

type Field = HTMLInputElement | HTMLSelectElement;

interface Wanted {
  value: string | boolean;
  /** The event React reads this field's changes from (a tick's click, a text's input, a pick's change). */
  event: Event;
}

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** The DOM event React makes a field's `onChange` from. */
const changeEventOf = (field: Field) =>
  isCheckable(field) ? 'click' : field instanceof HTMLSelectElement ? 'change' : 'input';

export class EarlyChanges {
  private readonly wanted = new Map<Field, Wanted>();
  private readonly seenByApp = new WeakSet<Event>();

  /** A `click`, `input` or `change` event in the page, before the app is live. */
  record(event: Event): void {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    if (event.type !== changeEventOf(field)) return;
    this.wanted.set(field, { value: isCheckable(field) ? field.checked : field.value, event });
  }

  /** The app acted on this event. */
  seen(event: Event): void {
    this.seenByApp.add(event);
  }

  /**
   * Tell the app's change handlers, as if the shopper did it now. React writes the value it
   * rendered into `defaultValue` / `defaultChecked` of a controlled field, so a change is sent only
   * where the shopper's differs from the app's.
   */
  replay(): void {
    for (const [field, { value: wanted, event }] of this.wanted) {
      if (!field.isConnected || field.disabled || this.seenByApp.has(event)) continue;
      if (field instanceof HTMLSelectElement) {
        field.value = String(wanted);
        field.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (typeof wanted === 'boolean') {
        if (wanted === field.defaultChecked) continue;
        field.checked = !wanted;
        field.click(); // back to the shopper's choice, with the click React reads checkbox changes from
      } else if (wanted !== field.defaultValue) {
        // Through the value property React tracks (its value), then behind its back (the shopper's).
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
          field,
          wanted,
        );
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    this.wanted.clear();
  }
}
