/**
 * The share cards' font (host/share-cards/): Noto Sans CJK SC Bold cut to a
 * fixed set, every character of GB 2312 (its 6,763 hanzi, the punctuation,
 * full-width forms, kana, Greek and Cyrillic of its symbol rows) and ASCII,
 * which covers any title an editor writes in Simplified Chinese. Cut once
 * here, from Debian's fonts-noto-cjk (scripts/ensure-fonts.sh), into
 * `fonts/`, which the server names and the build copies to `dist/fonts/`:
 * production needs no system font, nor this package's tools.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';

/** Where Debian's fonts-noto-cjk puts the bold sans collection; SHARE_CARD_FONT_SOURCE names another (.ttc, .otf). */
export const DEFAULT_SOURCE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
/** The face taken from a collection: the simplified Chinese one (the JP face draws some hanzi differently). */
const FAMILY = 'Noto Sans CJK SC';

/** The characters of GB 2312 (rows 1-9 and 16-87 of 94 cells; row 55 ends at cell 89), read with the GBK decoder. */
function gb2312(): string {
  const decoder = new TextDecoder('gbk');
  let text = '';
  for (let row = 1; row <= 87; row++) {
    if (row > 9 && row < 16) continue;
    for (let cell = 1; cell <= (row === 55 ? 89 : 94); cell++) {
      const char = decoder.decode(Uint8Array.of(0xa0 + row, 0xa0 + cell));
      // Cells GB 2312 leaves empty decode to GBK's additions or its private use area: only the latter is left out.
      if (char !== '\ufffd' && !/\p{Co}/u.test(char)) text += char;
    }
  }
  return text;
}

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
/** What titles carry that GB 2312 lacks: 〇 of years (二〇二五), an en dash, a no-break space, marks. */
const EXTRA = '〇–\u00a0©®™€•';

/** Every character the share cards' font draws. */
export const SHARE_CARD_CHARACTERS = [...new Set(gb2312() + ASCII + EXTRA)].join('');

const tagOf = (font: Buffer, at: number) => font.toString('latin1', at, at + 4);

/** A name (Windows, Unicode) of the font at `offset` of `font`: 0 its copyright, 1 its family, 13 its licence. */
function nameOf(font: Buffer, offset: number, id: number): string | undefined {
  for (let i = 0; i < font.readUInt16BE(offset + 4); i++) {
    const record = offset + 12 + 16 * i;
    if (tagOf(font, record) !== 'name') continue;
    const table = font.readUInt32BE(record + 8);
    const strings = table + font.readUInt16BE(table + 4);
    for (let n = 0; n < font.readUInt16BE(table + 2); n++) {
      const [platform = 0, , , nameId = 0, length = 0, from = 0] = Array.from({ length: 6 }, (_, k) =>
        font.readUInt16BE(table + 6 + 12 * n + 2 * k),
      );
      if (platform !== 3 || nameId !== id) continue;
      const start = strings + from;
      return String.fromCharCode(...Array.from({ length: length / 2 }, (_, k) => font.readUInt16BE(start + 2 * k)));
    }
  }
  return undefined;
}

/** The face of a collection (.ttc) named `family`, as a font file of its own; a plain font as it is. */
export function faceOf(font: Buffer, family = FAMILY): Buffer {
  if (tagOf(font, 0) !== 'ttcf') return font;
  const offsets = Array.from({ length: font.readUInt32BE(8) }, (_, i) => font.readUInt32BE(12 + 4 * i));
  const offset = offsets.find((at) => nameOf(font, at, 1) === family);
  if (offset === undefined) throw new Error(`the font collection has no face named ${family}`);
  const count = font.readUInt16BE(offset + 4);
  const header = Buffer.alloc(12 + 16 * count);
  font.copy(header, 0, offset, offset + 12);
  const bodies: Buffer[] = [];
  let at = header.length;
  for (let i = 0; i < count; i++) {
    const record = offset + 12 + 16 * i;
    const [from, length] = [font.readUInt32BE(record + 8), font.readUInt32BE(record + 12)];
    font.copy(header, 12 + 16 * i, record, record + 8);
    header.writeUInt32BE(at, 12 + 16 * i + 8);
    header.writeUInt32BE(length, 12 + 16 * i + 12);
    // Tables start on four-byte boundaries.
    const body = Buffer.alloc((length + 3) & ~3);
    font.copy(body, 0, from, from + length);
    bodies.push(body);
    at += body.length;
  }
  return Buffer.concat([header, ...bodies]);
}

/** The folder the server reads the font from (host/share-cards/font.ts); the build copies it into dist/. */
export const FONT_DIR = resolve(import.meta.dirname, '../fonts');
export const FONT_FILE = 'share-card.otf';
const RECIPE_FILE = 'share-card.json';

/** What a cut is made of: a different source font or character set cuts again. */
function recipeOf(source: string): string {
  const { size, mtimeMs } = statSync(source);
  const characters = createHash('sha256').update(SHARE_CARD_CHARACTERS).digest('hex');
  return JSON.stringify({ source, size, mtimeMs, characters }, null, 2);
}

/**
 * Cuts the font into `dir` unless the same cut is there. Throws, saying how to
 * install it, when the source font is missing. Returns the font's path.
 */
export async function ensureShareCardFont(
  dir = FONT_DIR,
  source = process.env.SHARE_CARD_FONT_SOURCE || DEFAULT_SOURCE,
): Promise<string> {
  const out = join(dir, FONT_FILE);
  if (!existsSync(source))
    throw new Error(
      `The share cards' font is cut from ${source}, which is missing: run bash scripts/ensure-fonts.sh (Debian: apt-get install fonts-noto-cjk), or set SHARE_CARD_FONT_SOURCE to Noto Sans CJK SC Bold (.otf, or a .ttc holding it).`,
    );
  const recipe = recipeOf(source);
  const recipeFile = join(dir, RECIPE_FILE);
  if (existsSync(out) && existsSync(recipeFile) && readFileSync(recipeFile, 'utf8') === recipe) return out;
  const face = faceOf(readFileSync(source));
  const cut = await subsetFont(face, SHARE_CARD_CHARACTERS, {
    targetFormat: 'sfnt',
    // Drawn as outlines at card size: hints only add bytes.
    noHinting: true,
  });
  mkdirSync(dir, { recursive: true });
  // Written aside, then renamed: two test files cutting at once never read half a font.
  const aside = `${out}.${process.pid}`;
  writeFileSync(aside, cut);
  renameSync(aside, out);
  writeFileSync(recipeFile, recipe);
  // The font's licence (SIL OFL 1.1) goes with it, in its own words.
  const notice = [0, 13, 14].map((id) => nameOf(face, 0, id)).filter(Boolean);
  writeFileSync(
    join(dir, 'share-card.LICENSE.txt'),
    `${FONT_FILE}: ${FAMILY} Bold, cut to GB 2312 and ASCII by build/share-card-font.ts.\n\n${notice.join('\n\n')}\n`,
  );
  return out;
}

if (process.argv[1] === import.meta.filename) console.log(`share cards' font: ${await ensureShareCardFont()}`);
