/** Public API of the demo data generator. */
export { generateCars, type GenerateCarsOptions } from './cars';
export {
  DEFAULT_SEED,
  generateSampleData,
  type GenerateOptions,
  type GenerateResult,
} from './generate';
export {
  ensureSampleData,
  generateAndStamp,
  GENERATOR_VERSION,
  staleReason,
  STAMP_FILE,
  type Stamp,
} from './ensure';
export { writeCarImages } from './images';
