import { useId, useState } from 'react';
import { filterDealerships } from '../../domain/leads/dealerships';
import type { DealershipOption } from './types';

interface Props {
  id: string;
  options: DealershipOption[];
  value: DealershipOption | null;
  error?: string;
  onChange(value: DealershipOption | null): void;
}

/**
 * SPEC 5 dealership search: an autocomplete (case-insensitive substring), list shown only while
 * the input has text; choosing sets dealership_name, location_id, dealership_id and
 * dealership_slug; clearing the input resets them. A combobox per the ARIA pattern.
 */
export function DealershipSearch({ id, options, value, error, onChange }: Props) {
  const [text, setText] = useState(value?.dealership_name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = text.trim() ? filterDealerships(options, text) : [];
  const shown = open && matches.length > 0;

  const choose = (option: DealershipOption) => {
    setText(option.dealership_name);
    setOpen(false);
    onChange(option);
  };

  return (
    <div className={`lead-field dealership-search${error ? ' lead-field--error' : ''}`}>
      <label htmlFor={id}>
        Dealership Location<span aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Start typing a dealership name"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required="true"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (!event.target.value.trim() || value) onChange(null);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, matches.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === 'Enter' && shown) {
            event.preventDefault();
            choose(matches[active]!);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Dealerships"
        className="dealership-search__list"
        hidden={!shown}
      >
        {matches.map((option, index) => (
          <li
            key={option.dealership_slug}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {option.dealership_name}
          </li>
        ))}
      </ul>
      {error && (
        <p className="lead-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
