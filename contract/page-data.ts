/** What every page's chrome shows, and the words both sides use for a page's look. */

import type { InferOutput } from 'valibot';
import type { friendlyLinkAnswer, pageCommonAnswer } from './api-answers';

/** The data every page's chrome shows (`pageCommonDTO`, SPEC §3; contract/api-answers.ts). */
export type PageCommon = InferOutput<typeof pageCommonAnswer>;

/** A footer friendly link (SPEC §3). */
export type FriendlyLink = InferOutput<typeof friendlyLinkAnswer>;

/** Dark on the product pages, light elsewhere (SPEC §2). */
export type Theme = 'dark' | 'light';

/** The languages every element speaks. */
export type Lang = 'zh-CN' | 'en';
