import type { RouteModule } from '../types';
import { healthRoutes } from './health';
import { pdfRoutes } from './pdf';

/** Every route group of the API, mounted under /api in this order. */
export const ROUTES: RouteModule[] = [healthRoutes, pdfRoutes];
