/**
 * The logo's word mark, 智造云, as outlines: Noto Sans CJK SC Bold (SIL Open Font
 * License) at 20 px, baseline at y = 27, from x = 50, in the logo's 160 × 40 box.
 * Text in an SVG image makes the browser find and shape a font inside that image's
 * own document on every page load; outlines are drawn at once, the same everywhere.
 */
export const WORDMARK_PATH =
  'M62.9 13.6L66 13.6L66 17L62.9 17ZM60.7 11.5L60.7 19.1L68.4 19.1L68.4 11.5ZM55.9 25L64.2 25L64.2 26.2L55.9 26.2ZM55.9 23.3L55.9 22.2L64.2 22.2L64.2 23.3ZM53.5 20.3L53.5 28.8L55.9 28.8L55.9 28.1L64.2 28.1L64.2 28.8L66.6 28.8L66.6 20.3ZM54.7 13.4L54.7 14.2L54.7 14.7L52.8 14.7C53.1 14.3 53.4 13.9 53.7 13.4ZM52.9 9.9C52.5 11.4 51.7 12.8 50.7 13.8C51.1 14 51.7 14.4 52.2 14.7L50.8 14.7L50.8 16.6L54.2 16.6C53.7 17.5 52.6 18.5 50.6 19.3C51.1 19.7 51.8 20.4 52.1 20.9C53.9 20.1 55.1 19.1 55.8 18C56.7 18.7 57.8 19.5 58.4 20L60.1 18.5C59.6 18.1 57.6 17 56.7 16.6L60 16.6L60 14.7L56.9 14.7L57 14.3L57 13.4L59.6 13.4L59.6 11.5L54.6 11.5C54.7 11.1 54.9 10.7 55 10.3ZM70.9 12C72 12.9 73.3 14.3 73.9 15.3L75.8 13.8C75.2 12.9 73.8 11.6 72.7 10.7ZM79.9 21.1L85.3 21.1L85.3 23.1L79.9 23.1ZM77.6 19.2L77.6 25L87.7 25L87.7 19.2ZM79.1 14.3L81.6 14.3L81.6 16L78 16C78.3 15.5 78.7 14.9 79.1 14.3ZM81.6 10L81.6 12.3L80 12.3C80.2 11.8 80.3 11.2 80.5 10.7L78.3 10.2C77.8 11.9 77 13.7 75.9 14.9C76.5 15.1 77.5 15.6 77.9 16L76.2 16L76.2 18L89.1 18L89.1 16L84 16L84 14.3L88.3 14.3L88.3 12.3L84 12.3L84 10ZM75.4 17.7L70.9 17.7L70.9 19.9L73.1 19.9L73.1 25C72.4 25.4 71.5 26 70.7 26.7L72.2 28.8C73 27.7 74 26.6 74.6 26.6C75 26.6 75.6 27.1 76.3 27.6C77.6 28.3 79.2 28.5 81.6 28.5C83.8 28.5 87.2 28.4 89 28.3C89 27.6 89.4 26.5 89.6 25.9C87.5 26.2 83.9 26.4 81.7 26.4C79.6 26.4 77.8 26.3 76.6 25.6C76.1 25.3 75.7 25 75.4 24.8ZM93.2 11.3L93.2 13.8L107 13.8L107 11.3ZM92.7 28.1C93.8 27.7 95.2 27.6 105.3 26.8C105.8 27.6 106.2 28.3 106.4 28.9L108.8 27.5C107.8 25.6 105.9 22.8 104.2 20.6L102 21.7C102.6 22.6 103.2 23.5 103.9 24.5L95.9 25C97.3 23.4 98.7 21.4 99.8 19.4L109.1 19.4L109.1 16.9L91 16.9L91 19.4L96.4 19.4C95.3 21.6 93.9 23.5 93.4 24.1C92.8 24.8 92.3 25.3 91.8 25.4C92.1 26.2 92.5 27.5 92.7 28.1Z';

/** The word mark's colour on light bars, and on dark ones (the dark header's text colour). */
const INK = { light: '#1d2129', dark: '#f2f3f5' };

/**
 * The logo, 160 × 40: the square and the word mark. An image is its own document
 * and cannot take the page's colours, so it holds both versions: the light one
 * in view, the dark one 40 units below, shown by the address `logo.svg#dark`
 * (an SVG view, no style sheet). A fragment leaves the address of the file, and
 * so its cache, the same.
 */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" role="img" aria-label="智造云"><title>智造云</title>
<view id="dark" viewBox="0 40 160 40"/>
<defs><path id="word" d="${WORDMARK_PATH}"/></defs>
<g id="mark"><rect width="40" height="40" rx="8" fill="#1664ff"/><path d="M10 28V12h5l5 8 5-8h5v16h-5v-8l-5 8-5-8v8z" fill="#fff"/></g>
<use href="#word" fill="${INK.light}"/><use href="#mark" y="40"/><use href="#word" y="40" fill="${INK.dark}"/></svg>`;
