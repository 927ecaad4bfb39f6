// A worker thread of platform/build/places-digest-warm.ts: makes and caches the places digest.
import { workerData } from 'node:worker_threads';
import { placesDigest } from '../../src/site/places-digest';

placesDigest((workerData as { root: string }).root);
