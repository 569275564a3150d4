import { type ProductCategoryEdit, productCategoryEditSchema } from '../../contract/catalogue-edits';
import type { DeskView } from './content-desk';
import { Field } from './studio-page';

/** Product categories in the studio: a name, a tab of the product list. */
export const productCategoryDeskView: DeskView<ProductCategoryEdit, undefined> = {
  base: '/studio/product-categories',
  words: { list: '产品分类', create: '添加产品分类', missing: '没有这个产品分类' },
  publicPath: (id) => `/product?categoryId=${id}`,
  schema: productCategoryEditSchema,
  fieldNames: { name: '分类名称' },
  valuesOf: (data) => ({ name: data.name }),
  options: async () => undefined,
  Fields: ({ values, errors }) => (
    <Field
      name="name"
      label="分类名称"
      value={values.name}
      error={errors.name}
      maxLength={20}
      autoComplete="off"
      hint="产品列表的分类标签上显示"
    />
  ),
};
