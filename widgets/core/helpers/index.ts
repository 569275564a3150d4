export { downloadPdf, type FetchBlob, pdfFileName } from './pdf';
export { BRAND_PREFIX, brandId, RANDOM_ALPHABET, randomString } from './random';
export { type Debounced, debounce, type Throttled, throttle } from './timing';
