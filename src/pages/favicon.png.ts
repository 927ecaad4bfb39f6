import type { APIRoute } from 'astro';
import { getSite } from '../site/data';
import { monogramPng } from '../site/monogram-icon';

/** A monogram icon in the tenant's colours, so every site has its own icon without an asset. */
export const GET: APIRoute = async () => new Response(await monogramPng(getSite().tenant, 64), { headers: { 'content-type': 'image/png' } });
