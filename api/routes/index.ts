import type { RouteModule } from '../types';
import { autogaugeRoutes } from './autogauge';
import { deliveryRoutes } from './delivery';
import { financeDisclaimerRoutes } from './finance-disclaimer';
import { healthRoutes } from './health';
import { youxRoutes } from './youx';

/** Every route group of the API, mounted under /api in this order. */
export const ROUTES: RouteModule[] = [healthRoutes, deliveryRoutes, autogaugeRoutes, youxRoutes, financeDisclaimerRoutes];
