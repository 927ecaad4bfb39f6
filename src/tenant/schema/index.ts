import { z } from 'zod';
import { AnalyticsSchema } from './analytics';
import { CdnSchema } from './cdn';
import { ContentSchema } from './content';
import { DeliverySchema } from './delivery';
import {
  LocatorSchema,
  MapSchema,
  ModelRangeSchema,
  PagesSchema,
  ReviewsSettingsSchema,
} from './dealers';
import { FeaturesSchema } from './features';
import { FeedsSchema } from './feeds';
import { FinanceSchema } from './finance';
import { ImagesSchema } from './images';
import { LabelsSchema } from './labels';
import { LeadsSchema } from './leads';
import { LinksSchema } from './links';
import { MediaHostsSchema } from './media-hosts';
import { PhonesSchema } from './phones';
import { PromosSchema } from './promos';
import { SearchSchema } from './search';
import { SiteFields } from './site';
import { StockSchema } from './stock';
import { SyncSchema } from './sync';
import { SyndicationSchema } from './syndication';
import { ThemeSchema } from './theme';

/**
 * One dealer site: the whole of tenants/<slug>.yaml. Unknown keys are errors everywhere, so a
 * typo fails the build instead of silently doing nothing.
 */
export const TenantSchema = z
  .object({
    ...SiteFields,
    theme: ThemeSchema,
    phones: PhonesSchema.prefault({}),
    labels: LabelsSchema.prefault({}),
    links: LinksSchema.prefault({}),
    features: FeaturesSchema.prefault({}),
    stock: StockSchema.prefault({}),
    search: SearchSchema.prefault({}),
    finance: FinanceSchema.prefault({}),
    delivery: DeliverySchema.prefault({}),
    promos: PromosSchema.prefault({}),
    content: ContentSchema.prefault({}),
    analytics: AnalyticsSchema.prefault({}),
    leads: LeadsSchema.prefault({}),
    map: MapSchema.prefault({}),
    locator: LocatorSchema.prefault({}),
    reviews: ReviewsSettingsSchema.prefault({}),
    model_range: ModelRangeSchema.prefault({}),
    pages: PagesSchema.prefault({}),
    media_hosts: MediaHostsSchema.prefault({}),
    sync: SyncSchema.prefault({}),
    syndication: SyndicationSchema.prefault({}),
    cdn: CdnSchema.prefault({}),
    images: ImagesSchema,
    feeds: FeedsSchema,
  })
  .strict();

export type Tenant = z.output<typeof TenantSchema>;
export type TenantInput = z.input<typeof TenantSchema>;
export type Template = Tenant['template'];
