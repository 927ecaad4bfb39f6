import { z } from 'zod';
import {
  FeedUrlSchema,
  IdSchema,
  ImageItemSchema,
  LooseNumberSchema,
  PostcodeSchema,
} from './common';

const TimeSchema = z.string().regex(/^\d{1,2}:\d{2}$/, 'expected a time like 08:30');

/** SPEC 3 "Opening hour entry": weekday 0 (Sunday) to 6 (Saturday). */
export const OpeningHourSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  status: z.enum(['Open', 'Closed']),
  formated_hours: z.string().nullish(),
  open: TimeSchema.nullish(),
  close: TimeSchema.nullish(),
});

export const LocationAddressSchema = z.object({
  street: z.string().nullish(),
  city: z.string().min(1),
  state: z.string().min(1),
  postcode: PostcodeSchema,
  lat: LooseNumberSchema,
  long: LooseNumberSchema,
  place_id: z.string().nullish(),
  place_url: FeedUrlSchema.nullish(),
  map_key: z.string().nullish(),
});

/** SPEC 3 "Manufacturer location": one sales, service or parts site of a dealership. */
export const LocationSchema = z.object({
  id: IdSchema,
  name: z.string().min(1),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a URL slug of lower-case letters, digits and dashes')
    .optional(),
  /** sales, service or parts; empty means sales. */
  location_type: z
    .string()
    .nullish()
    .transform((value) => (value && value.trim() ? value.trim().toLowerCase() : 'sales')),
  location_subtype: z.string().nullish(),
  primary: z.boolean().default(false),
  visible: z.boolean().default(true),
  manufacturers: z.array(z.string()).default([]),
  dealer_license_number: z.string().nullish(),
  motor_vehicle_repairer: z.string().nullish(),
  image: ImageItemSchema.nullish(),
  average_rating: LooseNumberSchema.optional(),
  review_count: LooseNumberSchema.optional(),
  reviews: z
    .object({ count: LooseNumberSchema, average_rating: LooseNumberSchema })
    .partial()
    .nullish(),
  address: LocationAddressSchema,
  contact_detail: z
    .object({
      phone: z.string().nullish(),
      landline_phone: z.string().nullish(),
      email: z.string().nullish(),
      opening_hours: z.array(OpeningHourSchema).default([]),
      /** Opening hours per department when they differ (sales / service / parts selector). */
      service_hours: z.array(OpeningHourSchema).optional(),
      parts_hours: z.array(OpeningHourSchema).optional(),
    })
    .default({ opening_hours: [] }),
  dealership: z.object({ id: IdSchema, slug: z.string(), name: z.string().optional() }).nullish(),
  website: z.object({ id: IdSchema, name: z.string(), url: FeedUrlSchema }).partial().nullish(),
  /** IANA time zone for open-now; derived from the state when absent. */
  time_zone: z.string().optional(),
});

/** SPEC 3 "Special hours entry": either location_id or location.id, start_hour or hours.begin. */
export const SpecialHoursSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2026-12-25'),
    status: z.enum(['Open', 'Closed']),
    name: z.string().nullish(),
    location_id: IdSchema.nullish(),
    location: z.object({ id: IdSchema }).nullish(),
    start_hour: z.string().nullish(),
    end_hour: z.string().nullish(),
    hours: z.object({ begin: z.string().nullish(), end: z.string().nullish() }).nullish(),
  })
  .refine((entry) => entry.location_id != null || entry.location?.id != null, {
    message: 'expected location_id or location.id',
    path: ['location_id'],
  })
  .transform((entry) => ({
    date: entry.date,
    status: entry.status,
    name: entry.name ?? null,
    location_id: String(entry.location_id ?? entry.location?.id),
    start_hour: entry.start_hour ?? entry.hours?.begin ?? null,
    end_hour: entry.end_hour ?? entry.hours?.end ?? null,
  }));

export type Location = z.output<typeof LocationSchema>;
export type OpeningHour = z.output<typeof OpeningHourSchema>;
export type SpecialHours = z.output<typeof SpecialHoursSchema>;
