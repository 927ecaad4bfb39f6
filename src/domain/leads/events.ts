import { EVENTS, type EventId } from '../../analytics/events';

/**
 * SPEC 7 analytics event for a sent lead form: 14 new enquiry, 15 used enquiry, 17 new test drive
 * (or a car tagged 'Test Drive Only'), 48 used test drive, 22 general (no car). Demo cars count as new.
 */
export function leadEvent(form: string, car?: { car_type?: string | null; tag?: string | null } | null): EventId | undefined {
  if (form === 'test_drive') {
    if (car?.tag === 'Test Drive Only') return EVENTS.newTestDrive;
    return car?.car_type === 'used' ? EVENTS.usedTestDrive : EVENTS.newTestDrive;
  }
  if (!car) return form === 'trade_in' ? undefined : EVENTS.generalEnquiry;
  if (form === 'enquiry' || form === 'request_photos' || form === 'finance_enquiry') return car.car_type === 'used' ? EVENTS.usedEnquiry : EVENTS.newEnquiry;
  return undefined;
}
