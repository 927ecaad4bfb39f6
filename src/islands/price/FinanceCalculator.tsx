import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { calculate, NO_ESTIMATE, type CalculatorInputs } from '../../domain/finance/calculator';
import { truncateDisclaimer, type CalculatorDisclaimer } from '../../domain/finance/disclaimer';
import {
  clampToRange,
  formatAmountField,
  parseAmount,
  purchasePriceMessage,
} from '../../domain/finance/inputs';
import { FREQUENCIES, type FrequencyName } from '../../domain/finance/repayment';
import type { CalculatorRules } from '../../domain/finance/rules';
import type { YouxQuote, YouxQuoteRequest } from '../../domain/finance/youx';
import { formatPrice } from '../../domain/format';
import { useEarlyInput } from '../early-input';
import { NumberField } from './NumberField';

type NumericField = Exclude<keyof CalculatorInputs, 'frequency'>;

export interface FinanceCalculatorProps {
  carId?: string | number | undefined;
  initial: CalculatorInputs;
  rules: CalculatorRules;
  /** SPEC 8 variant: the car is not eligible, so the calculator shows no repayment or total. */
  empty?: boolean | undefined;
  /** The lender's own payments, used while the loan is unchanged. */
  lender?: { paymentWeek?: number | null; paymentMonth?: number | null } | undefined;
  variant: 'enquire_link' | 'enquiry_modal';
  /** The blue "Enquire Now" link: the vehicle's finance page, or /finance without a car. */
  financeHref: string;
  /** "Request a Quote": the car's enquiry form. */
  quoteHref?: string | undefined;
  /** The lender's disclaimer (cut at 197 characters behind Show More) and the notes always shown. */
  disclaimer: CalculatorDisclaimer;
  disclaimerToggle: boolean;
  fees: { label: string; text: string }[];
  showInterest: boolean;
  showResidual: boolean;
  /** When set, ask youX for a weekly quote once (SPEC 7); failures are silent. */
  youxRequest?: YouxQuoteRequest | undefined;
  /** The "Finance Enquiry" modal's body: the enquiry form for the car. */
  children?: ReactNode;
}

const FIELDS: NumericField[] = ['amount', 'term', 'interest', 'tradeIn', 'residual'];

function textOf(field: NumericField, value: number): string {
  if (field === 'amount' || field === 'tradeIn' || field === 'residual')
    return formatAmountField(value);
  return String(value);
}

/** SPEC 2 Finance Calculator panel: a thin view over src/domain/finance. */
export default function FinanceCalculator(props: FinanceCalculatorProps) {
  const { initial, rules } = props;
  const ranges: Record<NumericField, CalculatorRules['amount']> = {
    amount: rules.amount,
    term: rules.term,
    interest: rules.rate,
    tradeIn: rules.tradeIn,
    residual: rules.residual,
  };
  const [text, setText] = useState<Record<NumericField, string>>(
    () =>
      Object.fromEntries(FIELDS.map((field) => [field, textOf(field, initial[field])])) as Record<
        NumericField,
        string
      >,
  );
  const [frequency, setFrequency] = useState<FrequencyName>(initial.frequency);
  const [expanded, setExpanded] = useState(false);
  const [quote, setQuote] = useState<YouxQuote | undefined>();
  const used = useRef(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);
  const ids = {
    select: useId(),
    slider: useId(),
    modalTitle: useId(),
    disclaimer: useId(),
    lenderDisclaimer: useId(),
  };

  // Values the maths uses: what is typed, cleaned and put in range (the field shows it on blur).
  const inputs: CalculatorInputs = (() => {
    const values = Object.fromEntries(
      FIELDS.map((field) => [field, clampToRange(parseAmount(text[field]), ranges[field])]),
    ) as Record<NumericField, number>;
    // Keep the lender's exact starting values (e.g. 8.99%) until the shopper changes them.
    for (const field of FIELDS)
      if (text[field] === textOf(field, initial[field])) values[field] = initial[field];
    return { ...values, frequency };
  })();
  const result = calculate(inputs, {
    rules,
    lender: props.lender ?? undefined,
    initial,
    empty: props.empty,
  });
  const amountMessage = purchasePriceMessage(parseAmount(text.amount), rules.amount);

  useEffect(() => {
    if (!props.youxRequest) return;
    const controller = new AbortController();
    fetch('/api/youx/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(props.youxRequest),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<YouxQuote>) : undefined))
      .then((value) => value && typeof value.weeklyRepaymentAmount === 'number' && setQuote(value))
      .catch(() => undefined); // SPEC 8: quote failures are silent
    return () => controller.abort();
  }, [props.youxRequest]);

  function noteUse() {
    if (used.current) return;
    used.current = true; // SPEC 4: event 26 once per view, on the first change
    track(EVENTS.financeCalculatorUsed, { car_id: props.carId });
  }

  function change(field: NumericField, value: string) {
    noteUse();
    // SPEC 5: the Purchase Price loses non-numeric characters as they are typed.
    const next = field === 'amount' ? value.replace(/[^\d.,]/g, '') : value;
    setText((current) => ({ ...current, [field]: next }));
  }

  function settle(field: NumericField) {
    setText((current) => {
      const typed = current[field];
      if (typed === textOf(field, initial[field])) return current;
      return {
        ...current,
        [field]: textOf(field, clampToRange(parseAmount(typed), ranges[field])),
      };
    });
  }

  function openEnquiry() {
    track(EVENTS.financeEnquiryModal, { car_id: props.carId });
    dialog.current?.showModal();
  }

  const { lender: lenderDisclaimer, notes } = props.disclaimer;
  const cut = truncateDisclaimer(lenderDisclaimer ?? '');
  const showToggle = props.disclaimerToggle && cut.truncated;
  const sliderValue = Math.min(rules.slider.max, Math.max(rules.slider.min, inputs.amount));

  return (
    <div className="finance-calculator" ref={root}>
      <div className="finance-calculator__inputs">
        <NumberField
          name="amount"
          label="Purchase Price"
          prefix="$"
          value={text.amount}
          message={amountMessage}
          onChange={(value) => change('amount', value)}
          onBlur={() => settle('amount')}
        />
        <div className="price-field price-field--slider">
          <label htmlFor={ids.slider}>Loan amount</label>
          <input
            id={ids.slider}
            type="range"
            min={rules.slider.min}
            max={rules.slider.max}
            step={rules.slider.step}
            value={sliderValue}
            aria-valuetext={formatPrice(sliderValue)}
            onChange={(event) =>
              change('amount', formatAmountField(Number(event.currentTarget.value)))
            }
          />
        </div>
        <NumberField
          name="term"
          label="Loan term in years"
          range={rules.term}
          value={text.term}
          onChange={(value) => change('term', value)}
          onBlur={() => settle('term')}
        />
        {props.showInterest && (
          <NumberField
            name="interest"
            label="Interest rate in %"
            range={rules.rate}
            value={text.interest}
            onChange={(value) => change('interest', value)}
            onBlur={() => settle('interest')}
          />
        )}
        <div className="price-field">
          <label htmlFor={ids.select}>Repayment frequency</label>
          <select
            id={ids.select}
            name="frequency"
            value={frequency}
            onChange={(event) => {
              noteUse();
              setFrequency(event.currentTarget.value as FrequencyName);
            }}
          >
            {FREQUENCIES.map((item) => (
              <option key={item.name} value={item.name}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
        <NumberField
          name="tradeIn"
          label="Deposit or trade-in (optional)"
          prefix="$"
          value={text.tradeIn}
          onChange={(value) => change('tradeIn', value)}
          onBlur={() => settle('tradeIn')}
        />
        {props.showResidual && (
          <NumberField
            name="residual"
            label="Residual repayment (optional)"
            prefix="$"
            value={text.residual}
            onChange={(value) => change('residual', value)}
            onBlur={() => settle('residual')}
          />
        )}
      </div>

      <div
        className="finance-calculator__result"
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {result.empty ? (
          // Empty values: no figure at all rather than a misleading $0.
          <p className="finance-calculator__unavailable" data-testid="no-estimate">
            {NO_ESTIMATE}
          </p>
        ) : (
          <>
            <p className="finance-calculator__lead">{result.lead}</p>
            <p className="finance-calculator__repayment">
              <strong data-testid="repayment">{result.repaymentText}</strong>
              {result.suffix && <span className="finance-calculator__suffix">{result.suffix}</span>}
            </p>
            <p>
              over <strong data-testid="term">{result.termText}</strong>
            </p>
            <p>
              <strong data-testid="total">{result.totalText}</strong> total repayments
            </p>
          </>
        )}
      </div>
      {quote && (
        <p className="finance-calculator__quote">
          youX estimate: <strong>{formatPrice(quote.weeklyRepaymentAmount)}/wk*</strong> at{' '}
          {quote.advertisedRate.toFixed(2)}% p.a. (comparison rate {quote.comparisonRate.toFixed(2)}
          % p.a.)
        </p>
      )}

      <div className="btn-row finance-calculator__actions">
        {props.variant === 'enquiry_modal' ? (
          <button type="button" className="btn finance-calculator__get" onClick={openEnquiry}>
            Get Finance Now
          </button>
        ) : (
          <a className="btn finance-calculator__enquire" href={props.financeHref}>
            Enquire Now
          </a>
        )}
        {props.quoteHref && (
          <a className="btn btn-outline" href={props.quoteHref}>
            Request a Quote
          </a>
        )}
      </div>

      {props.fees.length > 0 && (
        <ul className="finance-calculator__fees">
          {props.fees.map((fee) => (
            <li key={fee.label}>
              {fee.label}: {fee.text}
            </li>
          ))}
        </ul>
      )}

      <div className="finance-calculator__disclaimer" id={ids.disclaimer}>
        {lenderDisclaimer && (
          <p id={ids.lenderDisclaimer}>*{showToggle && !expanded ? cut.text : lenderDisclaimer}</p>
        )}
        {showToggle && (
          <button
            type="button"
            className="link-button"
            aria-expanded={expanded}
            aria-controls={ids.lenderDisclaimer}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'Show Less' : 'Show More'}
          </button>
        )}
        {notes.map((paragraph, index) => (
          <p key={paragraph}>
            {!lenderDisclaimer && index === 0 ? '*' : ''}
            {paragraph}
          </p>
        ))}
      </div>

      {props.variant === 'enquiry_modal' && (
        <dialog ref={dialog} className="finance-enquiry" aria-labelledby={ids.modalTitle}>
          <div className="finance-enquiry__head">
            <h2 id={ids.modalTitle}>Finance Enquiry</h2>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => dialog.current?.close()}
            >
              Close
            </button>
          </div>
          {props.children}
        </dialog>
      )}
    </div>
  );
}
