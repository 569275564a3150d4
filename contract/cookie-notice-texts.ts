/** The notice's words, shared by the element and the portal's server-drawn notice (widgets/cookie-notice and host/pages/cookie-notice.tsx). */
export const COOKIE_NOTICE_TEXT = {
  'zh-CN': {
    region: 'Cookie 使用提示',
    before: '我们使用 Cookie 改善您的浏览体验。继续浏览即表示您同意我们的',
    policy: '《隐私政策》',
    after: '。',
    agree: '同意',
    close: '关闭提示',
  },
  en: {
    region: 'Cookie notice',
    before: 'We use cookies to improve your visit. By continuing to browse you agree to our ',
    policy: 'privacy policy',
    after: '.',
    agree: 'Agree',
    close: 'Close notice',
  },
};

/** The close button's cross. */
export const CLOSE_ICON_PATH = 'M3 3l10 10M13 3L3 13';
