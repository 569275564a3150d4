import type { Db } from '../db/query';
import { AgreementItems, agreementContent } from '../publishing/agreement-items';
import { CaseItems, caseContent } from '../publishing/case-items';
import type { ContentDesk, DeskOfAnyKind } from '../publishing/content-desk';
import type { KindOfContent } from '../publishing/content-kind';
import { ProductCategoryItems, productCategoryContent } from '../publishing/product-category-items';
import { ProductItems, productContent } from '../publishing/product-items';
import { SolutionItems, solutionContent } from '../publishing/solution-items';
import { agreementStudioDesk } from './agreement-desk';
import { caseDeskView } from './case-desk';
import { studioDesk } from './content-desk';
import type { StudioDesk } from './context';
import { productCategoryDeskView } from './product-category-desk';
import { productDeskView } from './product-desk';
import { solutionDeskView } from './solution-desk';

/**
 * The catalogue's desks: products (with editions and prices) and their
 * categories, solutions, cases
 * and agreements; each a kind of content published as news is, and its
 * studio pages.
 */
export function catalogueDesks(
  db: Db,
  deskOf: <T>(kind: KindOfContent<T>) => ContentDesk<T>,
): { desks: DeskOfAnyKind[]; studio: StudioDesk[] } {
  const products = new ProductItems(db);
  const solutions = new SolutionItems(db);
  const productDesk = deskOf(productContent(products));
  const solutionDesk = deskOf(solutionContent(solutions));
  const caseDesk = deskOf(caseContent(new CaseItems(db)));
  const agreementDesk = deskOf(agreementContent(new AgreementItems(db)));
  const categories = new ProductCategoryItems(db);
  const categoryDesk = deskOf(productCategoryContent(categories));
  const choices = async <T extends { id: number; visible: boolean }>(rows: Promise<T[]>, label: (row: T) => string) =>
    (await rows).map((row) => ({ id: row.id, label: row.visible ? label(row) : `${label(row)}（未发布）` }));
  return {
    desks: [productDesk, categoryDesk, solutionDesk, caseDesk, agreementDesk],
    studio: [
      studioDesk(
        productDesk,
        productDeskView(() => choices(categories.all(), (row) => row.name)),
      ),
      studioDesk(categoryDesk, productCategoryDeskView),
      studioDesk(
        solutionDesk,
        solutionDeskView(() => choices(products.all(), (row) => row.name)),
      ),
      studioDesk(
        caseDesk,
        caseDeskView(() => choices(solutions.all(), (row) => row.title)),
      ),
      agreementStudioDesk(agreementDesk),
    ],
  };
}
