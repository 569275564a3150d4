import { type CommonDataEdit, commonDataEditSchema } from '../../contract/content-edits';
import { COMMON_DATA_ID } from '../publishing/common-data';
import type { DeskView, FormValues } from './content-desk';
import { Choices } from './page-fields';
import { Field } from './studio-page';

/** What the common data's check boxes offer. */
export interface CommonDataOptions {
  products: ReadonlyArray<{ id: number; label: string }>;
  solutions: ReadonlyArray<{ id: number; label: string }>;
}

const IMAGE_HINT = '本站图片路径（以 / 开头）或 https:// 地址；留空则用网站自带的图片';

function CommonDataFields({
  values,
  errors,
  options,
}: {
  values: FormValues<CommonDataEdit>;
  errors: Record<string, string>;
  options: CommonDataOptions;
}) {
  return (
    <>
      <fieldset>
        <legend>页头</legend>
        <Field name="logo" label="标志图片" value={values.logo} error={errors.logo} optional hint={IMAGE_HINT} />
      </fieldset>
      <fieldset>
        <legend>页脚</legend>
        <Field
          name="serviceHotline"
          label="服务热线"
          value={values.serviceHotline}
          error={errors.serviceHotline}
          maxLength={30}
          autoComplete="off"
        />
        <Field
          name="serviceTime"
          label="服务时间"
          value={values.serviceTime}
          error={errors.serviceTime}
          maxLength={60}
        />
        <Field name="address" label="地址" value={values.address} error={errors.address} maxLength={100} />
        <Field
          name="photo1"
          label="页脚图片一"
          value={values.photo1}
          error={errors.photo1}
          optional
          hint={IMAGE_HINT}
        />
        <Field name="title1" label="图片一说明" value={values.title1} error={errors.title1} maxLength={30} />
        <Field
          name="photo2"
          label="页脚图片二"
          value={values.photo2}
          error={errors.photo2}
          optional
          hint={IMAGE_HINT}
        />
        <Field name="title2" label="图片二说明" value={values.title2} error={errors.title2} maxLength={30} />
      </fieldset>
      <Choices
        name="hotProductIds"
        legend="热门产品（页脚与首页）"
        value={values.hotProductIds}
        error={errors.hotProductIds}
        options={options.products}
      />
      <Choices
        name="commonSolutionIds"
        legend="页脚的解决方案"
        value={values.commonSolutionIds}
        error={errors.commonSolutionIds}
        options={options.solutions}
      />
    </>
  );
}

/** The common data of every page, one item: its desk opens it. */
export const commonDataDeskView = (
  options: () => Promise<CommonDataOptions>,
): DeskView<CommonDataEdit, CommonDataOptions> => ({
  base: '/studio/common',
  words: { list: '公共信息（页头页脚）', create: '公共信息', missing: '没有公共信息' },
  publicPath: () => '/',
  shownOn: '每个页面的页头和页脚',
  preview: false,
  only: COMMON_DATA_ID,
  schema: commonDataEditSchema,
  fieldNames: {
    hotProductIds: '热门产品',
    commonSolutionIds: '页脚的解决方案',
    logo: '标志图片',
    photo1: '页脚图片一',
    title1: '图片一说明',
    photo2: '页脚图片二',
    title2: '图片二说明',
    serviceHotline: '服务热线',
    serviceTime: '服务时间',
    address: '地址',
  },
  valuesOf: (data) => ({
    ...data,
    hotProductIds: data.hotProductIds.join(','),
    commonSolutionIds: data.commonSolutionIds.join(','),
  }),
  options,
  Fields: CommonDataFields,
});
