import type { ImageUrlContext } from '../domain/images/image-url';
import type { TagSettings } from '../domain/tags';
import type { Tenant } from '../tenant/schema';

/** Tenant settings the full car card needs (serialisable, so islands can receive it as a prop). */
export interface CardContext {
  nowMs: number;
  tags: TagSettings;
  labels: Pick<Tenant['labels'], 'finance_button' | 'reserve_button'>;
  links: Pick<Tenant['links'], 'test_drive' | 'finance'>;
  features: Pick<Tenant['features'], 'reserve' | 'personalised_finance'> &
    Partial<Pick<Tenant['features'], 'compare'>>;
  /** How photos are resized (imageUrlContext); without it the card shows the feed's URL as it is. */
  images?: ImageUrlContext;
}
