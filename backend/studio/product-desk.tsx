import { EDITION_ROWS, type ProductEdit, productEditSchema, yuanOf } from '../../contract/catalogue-edits';
import { Checkbox, Choice, formValue, oneALine, RowField, rowNames, rowsShown } from './catalogue-fields';
import type { DeskView, FormValues } from './content-desk';
import { RichTextField } from './rich-text-field';
import { Field } from './studio-page';

type Values = FormValues<ProductEdit>;
type CategoryChoice = { id: number; label: string };
const EDITION_FIELDS = { id: '编号', name: '名称', price: '价格', unit: '计价单位', features: '功能' };

function EditionRows({ values, errors }: { values: Values; errors: Record<string, string> }) {
  const shown = rowsShown(values, 'editions', ['name', 'price', 'unit', 'features'], 2, EDITION_ROWS);
  return (
    <>
      <h2>版本与价格</h2>
      <p className="hint">
        价格以元为单位，最多两位小数；发布后，下一笔订单按新价格记录，已下的订单价格不变。清空一行即停售该版本（已下的订单不受影响）；空白行用来添加新版本。
      </p>
      {Array.from({ length: shown }, (_, row) => {
        const name = (field: string) => `editions.${row}.${field}`;
        const id = formValue(values, name('id'));
        return (
          <fieldset key={row}>
            <legend>{id ? `第 ${row + 1} 个版本` : `第 ${row + 1} 个版本（新增，可留空）`}</legend>
            {id && <input type="hidden" name={name('id')} value={id} />}
            <RowField
              name={name('name')}
              label="名称"
              value={formValue(values, name('name'))}
              error={errors[name('name')]}
              maxLength={40}
            />
            <RowField
              name={name('price')}
              label="价格（元）"
              value={formValue(values, name('price'))}
              error={errors[name('price')]}
              maxLength={16}
              inputMode="decimal"
            />
            <RowField
              name={name('unit')}
              label="计价单位（如 年、套、台/年）"
              value={formValue(values, name('unit'))}
              error={errors[name('unit')]}
              maxLength={10}
            />
            <RowField
              name={name('features')}
              label="包含的功能（每行一项）"
              value={formValue(values, name('features'))}
              error={errors[name('features')]}
              rows={4}
            />
          </fieldset>
        );
      })}
    </>
  );
}

function ProductFields({
  values,
  errors,
  options: categories,
}: {
  values: Values;
  errors: Record<string, string>;
  options: CategoryChoice[];
}) {
  return (
    <>
      <Choice
        name="categoryId"
        label="分类"
        none="请选择"
        value={values.categoryId}
        error={errors.categoryId}
        choices={categories}
      />
      <Field name="name" label="产品名称" value={values.name} error={errors.name} maxLength={60} autoComplete="off" />
      <Field
        name="summary"
        label="一句话介绍"
        value={values.summary}
        error={errors.summary}
        maxLength={200}
        rows={2}
        hint="列表和卡片上显示"
      />
      <Checkbox name="hot" label="热门产品" value={values.hot} hint="首页与页脚的热门产品中显示" />
      <RichTextField
        name="descriptionHtml"
        label="产品介绍"
        value={values.descriptionHtml}
        error={errors.descriptionHtml}
        rows={10}
      />
      <Field
        name="highlights"
        label="产品亮点"
        value={values.highlights}
        error={errors.highlights}
        rows={5}
        hint="每行一条，写成“标题：说明”"
      />
      <Field
        name="scenarios"
        label="应用场景"
        value={values.scenarios}
        error={errors.scenarios}
        rows={4}
        hint="每行一条"
      />
      <EditionRows values={values} errors={errors} />
    </>
  );
}

/** Products in the studio: filed under a category, with their editions and prices as rows of the form. */
export const productDeskView = (
  categories: () => Promise<CategoryChoice[]>,
): DeskView<ProductEdit, CategoryChoice[]> => ({
  base: '/studio/products',
  words: { list: '产品', create: '添加产品', missing: '没有这个产品' },
  publicPath: (id) => `/product/${id}`,
  schema: productEditSchema,
  fieldNames: {
    categoryId: '分类',
    name: '产品名称',
    summary: '一句话介绍',
    hot: '热门产品',
    descriptionHtml: '产品介绍',
    highlights: '产品亮点',
    scenarios: '应用场景',
    editions: '版本与价格',
    // The edition rows' fields, so that a refused form keeps them too.
    ...rowNames('editions', EDITION_ROWS, EDITION_FIELDS),
  },
  richText: ['descriptionHtml'],
  valuesOf: (data) =>
    ({
      categoryId: String(data.categoryId),
      name: data.name,
      summary: data.summary,
      hot: data.hot ? 'on' : '',
      descriptionHtml: data.descriptionHtml,
      highlights: oneALine(data.highlights.map((highlight) => `${highlight.title}：${highlight.text}`)),
      scenarios: oneALine(data.scenarios),
      ...Object.fromEntries(
        data.editions.flatMap((edition, row) => [
          [`editions.${row}.id`, edition.id ? String(edition.id) : ''],
          [`editions.${row}.name`, edition.name],
          [`editions.${row}.price`, yuanOf(edition.priceFen)],
          [`editions.${row}.unit`, edition.unit],
          [`editions.${row}.features`, oneALine(edition.features)],
        ]),
      ),
    }) as Values,
  options: categories,
  Fields: ProductFields,
  listColumn: {
    label: '价格',
    value: (data) =>
      data.editions.map((edition) => `${edition.name} ¥${yuanOf(edition.priceFen)}/${edition.unit}`).join('，'),
  },
});
