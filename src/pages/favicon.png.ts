import { monogramPngRoute } from '../site/monogram-icon';

/** A monogram icon in the tenant's colours, so every site has its own icon without an asset. */
export const GET = monogramPngRoute(64);
