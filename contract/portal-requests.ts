import * as v from 'valibot';
import { SEARCH_TYPES } from './search';

const integer = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** The most items one page of a paged call gives. */
export const MAX_PAGE_SIZE = 50;

export const paging = {
  page: v.optional(integer(1, 10_000, '页码应为 1 到 10000 的整数'), '1'),
  pageSize: v.optional(integer(1, MAX_PAGE_SIZE, `每页条数应为 1 到 ${MAX_PAGE_SIZE} 的整数`), '10'),
};

export const productQuery = v.object({ ...paging, categoryId: v.optional(integer(1, 1e9, '分类编号应为正整数')) });
export const newsQuery = productQuery;
export const caseQuery = v.object({
  ...paging,
  industry: v.optional(v.pipe(v.string(), v.maxLength(32, '行业名称过长'))),
});
export const pageQuery = v.object(paging);
export const filmQuery = v.object({ year: v.optional(integer(1990, 2100, '年份不正确')) });

export const correlationBody = v.object({
  productNo: v.pipe(v.string('productNo 缺失'), v.regex(/^[A-Za-z0-9-]{1,32}$/, 'productNo 格式不正确')),
});

export const confirmBody = v.object({
  sceneCode: v.pipe(v.string('sceneCode 缺失'), v.regex(/^[A-Z_]{1,64}$/, 'sceneCode 格式不正确')),
  contractVersion: v.pipe(v.string('contractVersion 缺失'), v.regex(/^[\w.-]{1,32}$/, 'contractVersion 格式不正确')),
});

export const searchQuery = v.object({
  keyword: v.optional(v.pipe(v.string('关键词应为文本'), v.maxLength(200, '关键词过长')), ''),
  type: v.optional(v.picklist(SEARCH_TYPES, '搜索类型不正确')),
  ...paging,
});
