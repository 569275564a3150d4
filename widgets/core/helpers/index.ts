export { BRAND_PREFIX, brandId, RANDOM_ALPHABET, randomString } from '../../../contract/random-ids';
export { downloadPdf, type FetchBlob, pdfFileName } from './pdf';
export { type Debounced, debounce, type Throttled, throttle } from './timing';
