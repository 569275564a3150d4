import { yuanOf } from '../../contract/catalogue-edits';
import type { Product } from '../../contract/content';

/** A published product (as `/api/products/{id}` answers it) as the studio's form posts it. */
export const productForm = (product: Product): Record<string, string> => ({
  categoryId: String(product.categoryId),
  name: product.name,
  summary: product.summary,
  ...(product.hot && { hot: 'on' }),
  descriptionHtml: product.descriptionHtml,
  highlights: product.highlights.map((highlight) => `${highlight.title}：${highlight.text}`).join('\n'),
  scenarios: product.scenarios.join('\n'),
  ...Object.fromEntries(
    product.editions.flatMap((edition, row) => [
      [`editions.${row}.id`, String(edition.id)],
      [`editions.${row}.name`, edition.name],
      [`editions.${row}.price`, yuanOf(edition.priceFen)],
      [`editions.${row}.unit`, edition.unit],
      [`editions.${row}.features`, edition.features.join('\n')],
    ]),
  ),
});
