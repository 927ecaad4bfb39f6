import type { RouteModule } from '../types';
import { healthRoutes } from './health';
import { leadRoutes } from './leads';

/** Every route group of the API, mounted under /api in this order. */
export const ROUTES: RouteModule[] = [healthRoutes, leadRoutes];
