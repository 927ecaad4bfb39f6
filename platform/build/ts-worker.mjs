// Starts a TypeScript module in a worker thread: tsx's loader, which the build script runs under,
// does not reach worker threads by itself. workerData.module is the module's file URL.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.module);
