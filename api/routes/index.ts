import type { RouteModule } from '../types';
import { autogaugeRoutes } from './autogauge';
import { dealerRoutes } from './dealers';
import { deliveryRoutes } from './delivery';
import { financeDisclaimerRoutes } from './finance-disclaimer';
import { healthRoutes } from './health';
import { leadRoutes } from './leads';
import { tradeInRoutes } from './trade-in';
import { visitorRoutes } from './visitor';
import { authRoutes } from './auth';
import { reserveRoutes } from './reserve';
import { watchlistRoutes } from './watchlist';
import { pdfRoutes } from './pdf';
import { youxRoutes } from './youx';
import { imageRoutes } from './images';

/** Every route group of the API, mounted under /api in this order. */
export const ROUTES: RouteModule[] = [
  healthRoutes,
  leadRoutes,
  visitorRoutes,
  dealerRoutes,
  tradeInRoutes,
  authRoutes,
  watchlistRoutes,
  reserveRoutes,
  pdfRoutes,
  deliveryRoutes,
  autogaugeRoutes,
  youxRoutes,
  financeDisclaimerRoutes,
  imageRoutes,
];
