import * as v from 'valibot';
import type { CaseDetail, Edition, Product, ProductCategory, Solution } from './content';
import { chosenId, line, publicationDate, richText } from './content-edits';

/**
 * The catalogue as editors save it: products with their editions and prices,
 * solutions, cases and the agreements customers confirm. Field names and
 * shapes are contract/content.ts's (less what the site gives an item: its id
 * and its console number); a list is typed one entry a line, and a product's
 * editions are rows of the form (`editions.0.name`...), so the form needs no
 * script. Messages are Chinese, for the studio's forms.
 */

/** The most a product may have: the form shows this many rows at most. */
export const EDITION_ROWS = 6;
/** The products a solution may name: one choice each. */
export const SOLUTION_PRODUCT_ROWS = 6;
/** The highest list price an edition may have, in fen (¥1,000,000.00). */
export const MAX_PRICE_FEN = 100_000_000;

type AddIssue = (info: { message: string; path: [v.ObjectPathItem] }) => void;
const at = (input: Record<string, unknown>, key: string): [v.ObjectPathItem] => [
  { type: 'object', origin: 'value', input, key, value: input[key] },
];

const field = v.optional(v.string(), '');
const checkbox = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => value !== ''),
);

/** Text of one entry a line, blank lines dropped. */
const lines = (label: string, max: number, each = 200) =>
  v.pipe(
    field,
    v.transform((text) =>
      text
        .split(/\r?\n/)
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
    v.maxLength(max, `${label}最多 ${max} 条`),
    v.check((entries) => entries.every((entry) => entry.length <= each), `${label}每条不能超过 ${each} 个字`),
    v.check((entries) => entries.every((entry) => /^[^\p{Cc}]*$/u.test(entry)), `${label}不能含有控制字符`),
  );

/** Lines of `标题：说明` (the first colon, full-width or not, divides them). */
const titledLines = (label: string, max: number) =>
  v.pipe(
    lines(label, max, 300),
    v.check((entries) => entries.every((entry) => /^[^:：]+[:：].+$/.test(entry)), `${label}每行写成“标题：说明”`),
    v.transform((entries) =>
      entries.map((entry) => {
        const [, head = '', rest = ''] = /^([^:：]+)[:：](.+)$/.exec(entry) ?? [];
        return [head.trim(), rest.trim()] as const;
      }),
    ),
  );

/** Yuan as typed (at most two decimals), in fen: exact, no floating point on the way. */
export function fenOf(yuan: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim().replace(/,/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
/** Fen as the form shows them: yuan, with the fen only when there are some. */
export const yuanOf = (fen: number) =>
  fen % 100 ? `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}` : String(fen / 100);

/** An edition as an editor saves it; one new to the product has no id until it is published. */
export type EditionEdit = Omit<Edition, 'id'> & { id?: number };

/** The form's edition rows: a row left blank is none (an edition emptied is removed from sale). */
function editionsOf(input: Record<string, unknown>, addIssue: AddIssue): EditionEdit[] {
  const editions: EditionEdit[] = [];
  for (let row = 0; row < EDITION_ROWS; row++) {
    const key = (name: string) => `editions.${row}.${name}`;
    const value = (name: string) => (typeof input[key(name)] === 'string' ? (input[key(name)] as string).trim() : '');
    const [name, price, unit, features] = ['name', 'price', 'unit', 'features'].map(value) as [
      string,
      string,
      string,
      string,
    ];
    if (!name && !price && !unit && !features) continue;
    const problem = (name: string, message: string) => addIssue({ message, path: at(input, key(name)) });
    const label = `第 ${row + 1} 个版本`;
    if (!name) problem('name', `请填写${label}的名称`);
    else if (name.length > 40 || /\p{Cc}/u.test(name)) problem('name', `${label}的名称不能超过 40 个字`);
    const priceFen = fenOf(price);
    if (!price) problem('price', `请填写${label}的价格`);
    else if (priceFen === undefined) problem('price', `${label}的价格请写成元，最多两位小数，如 19800 或 99.50`);
    else if (priceFen > MAX_PRICE_FEN) problem('price', `${label}的价格不能超过 ${yuanOf(MAX_PRICE_FEN)} 元`);
    if (!unit) problem('unit', `请填写${label}的计价单位`);
    else if (unit.length > 10 || /\p{Cc}/u.test(unit)) problem('unit', `${label}的计价单位不能超过 10 个字`);
    const list = features
      .split(/\r?\n/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (list.length > 20 || list.some((entry) => entry.length > 100 || /\p{Cc}/u.test(entry)))
      problem('features', `${label}的功能最多 20 条，每条不超过 100 个字`);
    const id = /^[1-9]\d{0,8}$/.test(value('id')) ? Number(value('id')) : undefined;
    editions.push({ ...(id && { id }), name, priceFen: priceFen ?? 0, unit, features: list });
  }
  if (!editions.length) addIssue({ message: '请至少填写一个版本', path: at(input, 'editions.0.name') });
  return editions;
}

/** A product as an editor saves it: `productSchema` less its id, console number and category's name. */
export const productEditSchema = v.pipe(
  v.looseObject({
    categoryId: chosenId('请选择产品分类'),
    name: line('产品名称', 60),
    summary: line('一句话介绍', 200),
    hot: checkbox,
    descriptionHtml: richText('产品介绍', 100_000),
    highlights: titledLines('亮点', 12),
    scenarios: lines('应用场景', 12, 300),
  }),
  // A check, not a transformation: it runs, and says what is wrong in the rows, even when other fields are refused.
  v.rawCheck(({ dataset, addIssue }) => {
    if (typeof dataset.value === 'object' && dataset.value !== null)
      editionsOf(dataset.value as Record<string, unknown>, addIssue as AddIssue);
  }),
  v.transform((input) => {
    const { categoryId, name, summary, hot, descriptionHtml, highlights, scenarios } = input;
    return {
      categoryId,
      name,
      summary,
      hot,
      descriptionHtml,
      highlights: highlights.map(([title, text]) => ({ title, text })),
      scenarios,
      editions: editionsOf(input, () => {}),
    };
  }),
);
export type ProductEdit = Omit<Product, 'id' | 'associationNo' | 'categoryName' | 'editions'> & {
  editions: EditionEdit[];
};

/** A product category as an editor saves it: `productCategorySchema` less its id. */
export const productCategoryEditSchema = v.object({ name: line('分类名称', 20) });
export type ProductCategoryEdit = Omit<ProductCategory, 'id'>;

/** A solution as an editor saves it: `solutionSchema` less its id and console number. */
export const solutionEditSchema = v.pipe(
  v.looseObject({
    title: line('方案名称', 60),
    industry: line('行业', 20),
    summary: line('一句话介绍', 200),
    common: checkbox,
    painPoints: lines('客户痛点', 12, 300),
    contentHtml: richText('方案介绍', 100_000),
  }),
  v.transform((input) => {
    const productIds: number[] = [];
    for (let row = 0; row < SOLUTION_PRODUCT_ROWS; row++) {
      const chosen = input[`productIds.${row}`];
      if (typeof chosen === 'string' && /^[1-9]\d{0,8}$/.test(chosen) && !productIds.includes(Number(chosen)))
        productIds.push(Number(chosen));
    }
    const { title, industry, summary, common, painPoints, contentHtml } = input;
    return { title, industry, summary, common, painPoints, contentHtml, productIds };
  }),
);
export type SolutionEdit = Omit<Solution, 'id' | 'associationNo'>;

/** A case as an editor saves it: `caseDetailSchema` less its id. */
export const caseEditSchema = v.pipe(
  v.object({
    title: line('标题', 80),
    customer: line('客户', 60),
    industry: line('行业', 20),
    summary: line('摘要', 300),
    solutionId: v.pipe(
      field,
      v.regex(/^(|[1-9]\d{0,8})$/, '请选择方案'),
      v.transform((id) => (id ? Number(id) : null)),
    ),
    publishedAt: v.pipe(
      publicationDate,
      v.transform((at) => at.slice(0, 10)),
    ),
    contentHtml: richText('正文', 100_000),
    results: v.pipe(
      titledLines('成效', 8),
      v.transform((entries) => entries.map(([label, value]) => ({ label, value }))),
    ),
  }),
);
export type CaseEdit = Omit<CaseDetail, 'id'>;

/** An agreement as an editor saves it: its next version (SPEC §3's code, template version, title and text). */
export const agreementEditSchema = v.object({
  code: v.pipe(
    v.string('请填写协议代码'),
    v.trim(),
    v.regex(/^[A-Z][A-Z0-9_]{1,39}$/, '协议代码用大写字母、数字和下划线，以字母开头，2 到 40 位'),
  ),
  templateVersion: v.pipe(
    v.string('请填写版本号'),
    v.trim(),
    v.regex(/^[0-9A-Za-z][0-9A-Za-z.\-_]{0,19}$/, '版本号用字母、数字、点和横线，20 位以内，如 2026.2'),
  ),
  title: line('协议名称', 60),
  contentHtml: richText('协议正文', 200_000),
});
export type AgreementEdit = v.InferOutput<typeof agreementEditSchema>;

// The edits are the contract's shapes: a change there that these do not follow fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const editsFollowTheContract: [
  Same<v.InferOutput<typeof productEditSchema>, ProductEdit>,
  Same<v.InferOutput<typeof solutionEditSchema>, SolutionEdit>,
  Same<v.InferOutput<typeof caseEditSchema>, CaseEdit>,
  Same<v.InferOutput<typeof productCategoryEditSchema>, ProductCategoryEdit>,
] = [true, true, true, true];
