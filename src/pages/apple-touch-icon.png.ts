import { monogramPngRoute } from '../site/monogram-icon';

/** The monogram at the size a phone puts on its home screen (iOS asks for this path by default). */
export const GET = monogramPngRoute(180);
