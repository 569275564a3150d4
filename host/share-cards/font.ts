import { readFile } from 'node:fs/promises';

/**
 * The share cards' one font: Noto Sans CJK SC Bold cut to GB 2312 and ASCII by
 * the build (build/share-card-font.ts) into `fonts/`, which the server build
 * copies to `dist/fonts/` with its licence.
 * Read once, when the first card is drawn: a page never waits for it.
 */
const FONT = new URL('share-card.otf', new URL('../../fonts/', import.meta.url));

/** The font as satori takes it. One array for the process: satori keeps its parse of a font array it has seen. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 700;
  style: 'normal';
}

let loading: Promise<CardFont[]> | undefined;

export function cardFonts(): Promise<CardFont[]> {
  loading ??= readFile(FONT).then(
    (data) => [{ name: 'Noto Sans SC', data, weight: 700, style: 'normal' }],
    (error: NodeJS.ErrnoException) => {
      loading = undefined;
      throw error.code === 'ENOENT'
        ? new Error(`The share cards' font is missing (${FONT.pathname}): npm run build cuts it.`, { cause: error })
        : error;
    },
  );
  return loading;
}
