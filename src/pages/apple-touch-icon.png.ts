import type { APIRoute } from 'astro';
import { getSite } from '../site/data';
import { monogramPng } from '../site/monogram-icon';

/** The monogram at the size a phone puts on its home screen (iOS asks for this path by default). */
export const GET: APIRoute = async () => new Response(await monogramPng(getSite().tenant, 180), { headers: { 'content-type': 'image/png' } });
