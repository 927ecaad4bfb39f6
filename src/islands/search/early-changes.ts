/**
 * What the shopper typed, ticked or picked in the search page's HTML before the app was live,
 * recorded as it happened and handed to the app afterwards. The app may re-render its controlled
 * fields (with a fresh answer) before it is told, which puts the rendered values back in the page:
 * reading the fields afterwards, as ../early-input.ts does for islands, would then find nothing.
 */

type Field = HTMLInputElement | HTMLSelectElement;

export class EarlyChanges {
  private readonly wanted = new Map<Field, string | boolean>();

  /** An `input` or `change` event in the HTML. */
  record(event: Event): void {
    const field = event.target;
    if (field instanceof HTMLInputElement) this.wanted.set(field, field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.value);
    else if (field instanceof HTMLSelectElement) this.wanted.set(field, field.value);
  }

  /**
   * Tell the app's change handlers, as if the shopper did it now. React writes the value it
   * rendered into `defaultValue` / `defaultChecked` of a controlled field, so a change is sent only
   * where the shopper's differs from the app's.
   */
  replay(): void {
    for (const [field, wanted] of this.wanted) {
      if (!field.isConnected || field.disabled) continue;
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
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, wanted);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    this.wanted.clear();
  }
}
