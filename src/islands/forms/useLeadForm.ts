import { useEffect, useRef, useState, type RefObject } from 'react';
import { track } from '../../analytics/track';
import { leadEvent } from '../../domain/leads/events';
import type { LeadForm } from '../../domain/leads/forms';
import { fieldErrors, leadFieldsSchema, rulesForForm } from '../../domain/leads/validation';
import { $enquiredCar, $user, rememberUser } from '../../stores/user';
import { honeypotValue } from './HoneypotField';
import { newIdempotencyKey, sendLead } from './submit';
import type { FormCar, FormSettings } from './types';

const CONTACT = ['name', 'last_name', 'phone', 'email', 'postcode'] as const;

/**
 * State and submission of one lead form: prefill from the stored user, SPEC 5 validation (the
 * API's own schema), waiting out the minimum fill time, one idempotency key for every retry,
 * and on success: remember the visitor, store the car for /success, fire the event, go there.
 */
export function useLeadForm(options: {
  form: LeadForm;
  car?: FormCar | null;
  settings: FormSettings;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { form, car, settings, formRef } = options;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const startedAt = useRef(Date.now());
  const key = useRef(newIdempotencyKey());

  // Prefill empty contact fields from the stored user once hydrated (never over what was typed).
  useEffect(() => {
    const stored = $user.get();
    for (const field of CONTACT) {
      const input = formRef.current?.elements.namedItem(field);
      if (input instanceof HTMLInputElement && !input.value && stored[field])
        input.value = stored[field];
    }
    setHydrated(true);
  }, [formRef]);

  async function submit(
    extra: Record<string, unknown> = {},
    body: Record<string, unknown> = {},
  ): Promise<void> {
    if (sending || !formRef.current) return;
    setFailure(null);
    const hasCar = Boolean(car);
    const rules = rulesForForm(
      form,
      {
        messageRequired: settings.messageRequired,
        termsRequired: settings.termsRequired,
        dealerships: settings.dealerships.length,
      },
      hasCar,
    );
    const data = new FormData(formRef.current);
    const fields: Record<string, unknown> = { ...extra };
    for (const field of [...CONTACT, 'message']) {
      const value = data.get(field);
      if (typeof value === 'string') fields[field] = value;
    }
    if (!rules.messageRequired && !fields.message) delete fields.message;
    const parsed = leadFieldsSchema(rules).safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      // A bot fills a form in no time; a person who is this quick just waits a moment.
      const wait = startedAt.current + settings.minFillMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
      const result = await sendLead({
        form,
        idempotency_key: key.current,
        started_at: startedAt.current,
        submitted_at: Date.now(),
        website: honeypotValue(data),
        ...(car ? { car_id: car.id } : {}),
        ...body,
        fields,
      });
      if (!result.ok) {
        if (result.fields && Object.keys(result.fields).length) setErrors(result.fields);
        else setFailure(result.error);
        return;
      }
      rememberUser(parsed.data);
      $enquiredCar.set(
        car
          ? {
              id: car.id,
              name: car.name,
              slug: car.slug,
              primary_image_url: car.primary_image_url ?? null,
            }
          : null,
      );
      const event = leadEvent(form, car);
      if (event) track(event, { car_id: car?.id ?? null, form, lead_id: result.lead_id });
      window.location.assign('/success');
    } finally {
      setSending(false);
    }
  }

  return { errors, failure, sending, hydrated, submit };
}
