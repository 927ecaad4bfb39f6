import type { ApiApp } from '../types';
import { errorResponse } from '../http';

/** Register after a path's real handlers: any other method gets 405 with the Allow header. */
export function onlyMethods(app: ApiApp, path: string, allowed: string[]): void {
  app.all(path, (c) => {
    c.header('Allow', allowed.join(', '));
    return errorResponse(c, 405, `${c.req.method} is not allowed here. Use ${allowed.join(' or ')}.`);
  });
}
