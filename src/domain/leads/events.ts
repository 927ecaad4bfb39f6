import { EVENTS, type EventId } from '../../analytics/events';
import { LEAD_FORM_TABLE, type LeadForm } from './forms';

/**
 * SPEC 7 analytics event for a sent lead form, by the form's event rule: 14 new enquiry, 15 used
 * enquiry, 17 new test drive (or a car tagged 'Test Drive Only'), 48 used test drive, 22 general
 * (no car). Demo cars count as new.
 */
export function leadEvent(
  form: LeadForm,
  car?: { car_type?: string | null; tag?: string | null } | null,
): EventId | undefined {
  switch (LEAD_FORM_TABLE[form].event) {
    case 'test drive':
      return car?.car_type === 'used' && car.tag !== 'Test Drive Only'
        ? EVENTS.usedTestDrive
        : EVENTS.newTestDrive;
    case 'car enquiry':
      if (!car) return EVENTS.generalEnquiry;
      return car.car_type === 'used' ? EVENTS.usedEnquiry : EVENTS.newEnquiry;
    case 'general enquiry':
      return car ? undefined : EVENTS.generalEnquiry;
    case 'none':
      return undefined;
  }
}
