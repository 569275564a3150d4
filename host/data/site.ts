/** Facts about the site that every page states. */
export const site = {
  name: '智造云工业互联网平台',
  shortName: '智造云',
  description:
    '智造云工业互联网平台为制造企业提供设备物联、生产管理、能耗优化与数字孪生等工业数字化产品和解决方案，助力企业降本增效、安全生产与绿色转型。',
  lang: 'zh-CN',
} as const;
