import { coverUrl } from '../../host/media';
import type { ContentStore } from '../portal/content-store';

/** A chat card as the console keeps it (SPEC §3): 1 product, 2 solution. */
export interface ConsoleChatCard {
  type: 1 | 2;
  associationNo: string;
  name: string;
  introduction: string;
  /** 1: an image at backgroundUrl. */
  backgroundType: 1;
  backgroundUrl: string;
}

const ASSOCIATION_NO = /^[A-Z]\d{4,12}$/;

/** The card of the product or solution with this association number; it links to /product/{no} or /solution/{no}. */
export function chatCard(content: ContentStore, associationNo: string): ConsoleChatCard | undefined {
  if (!ASSOCIATION_NO.test(associationNo)) return undefined;
  const product = content.product(associationNo);
  if (product)
    return {
      type: 1,
      associationNo,
      name: product.name,
      introduction: product.summary,
      backgroundType: 1,
      backgroundUrl: coverUrl('product', product.id),
    };
  const solution = content.solution(associationNo);
  if (solution)
    return {
      type: 2,
      associationNo,
      name: solution.title,
      introduction: solution.summary,
      backgroundType: 1,
      backgroundUrl: coverUrl('solution', solution.id),
    };
  return undefined;
}
