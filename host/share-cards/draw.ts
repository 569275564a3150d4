import { renderAsync } from '@resvg/resvg-js';
import type satori from 'satori';
import { COVER_HEIGHT, COVER_WIDTH, LOGO_INK, logo, RESVG_OPTIONS, SVG } from '../media';
import { cardFonts } from './font';

/** Share cards are 1200×630, the size every network shows large. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows: its cover's art (an SVG fragment in the cover's 640 × 360 box), the page's title, a line under it. */
export interface CardFace {
  art: string;
  title: string;
  /** The section and the brand, in smaller type. */
  label: string;
}

const MARGIN = 72;
/** The logo, 64 px high on a white plate at the top left: it reads on every cover's colours. */
const LOGO_HEIGHT = 64;
/** The text's box: the card's width inside its margins, its lower part. */
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const TEXT_HEIGHT = 330;

function plateAndLogo(): string {
  const width = (LOGO_INK * LOGO_HEIGHT) / 40;
  const pad = LOGO_HEIGHT / 4;
  const plate = `<rect x="${MARGIN - pad}" y="${MARGIN - pad}" width="${width + 2 * pad}" height="${LOGO_HEIGHT + 2 * pad}" rx="${pad}" fill="#fff"/>`;
  return `${plate}${logo(`0 0 ${LOGO_INK} 40`, `x="${MARGIN}" y="${MARGIN}" width="${width}" height="${LOGO_HEIGHT}"`)}`;
}

/** A shade from the middle down, so white type reads on the lightest cover. */
const SHADE = `<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f131c" stop-opacity="0"/><stop offset="1" stop-color="#0f131c" stop-opacity="0.72"/></linearGradient></defs><rect y="${CARD_HEIGHT * 0.35}" width="${CARD_WIDTH}" height="${CARD_HEIGHT * 0.65}" fill="url(#shade)"/>`;

/** Three lines hold about 50 characters: laying out more would only cost time. */
const MAX_TITLE = 120;

type Node = { type: string; props: { style: Record<string, string | number>; children?: Node[] | string } };
const box = (style: Node['props']['style'], children: Node[] | string): Node => ({
  type: 'div',
  props: { style, children },
});

/**
 * The title and the label laid out by satori (line breaks between hanzi, three
 * lines at most, then an ellipsis) and drawn as outlines: the PNG step needs no font.
 */
async function text(face: CardFace): Promise<string> {
  const clamp = (lines: number) => ({
    display: 'block',
    lineClamp: lines,
    textOverflow: 'ellipsis',
    overflow: 'hidden',
  });
  const tree = box(
    {
      width: TEXT_WIDTH,
      height: TEXT_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'flex-end',
      color: '#fff',
      fontFamily: 'Noto Sans SC',
    },
    [
      box({ ...clamp(3), fontSize: 60, lineHeight: 1.3 }, [...face.title].slice(0, MAX_TITLE).join('')),
      box({ ...clamp(2), fontSize: 28, lineHeight: 1.5, marginTop: 20, opacity: 0.88 }, face.label),
    ],
  );
  // Loaded with the first card: the server starts without evaluating it (1.6 MB, its layout engine inside).
  const { default: layOut } = await import('satori');
  return layOut(tree as unknown as Parameters<typeof satori>[0], {
    width: TEXT_WIDTH,
    height: TEXT_HEIGHT,
    fonts: await cardFonts(),
  });
}

/** A card as an SVG document: the cover filling it (scaled to its width, its middle kept), the shade, the text, the logo. */
export async function cardSvg(face: CardFace): Promise<string> {
  const words = (await text(face)).replace('<svg ', `<svg x="${MARGIN}" y="${CARD_HEIGHT - MARGIN - TEXT_HEIGHT}" `);
  const cover = `<svg width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" preserveAspectRatio="xMidYMid slice">${face.art}</svg>`;
  return `<svg ${SVG} width="${CARD_WIDTH}" height="${CARD_HEIGHT}">${cover}${SHADE}${words}${plateAndLogo()}</svg>`;
}

/** A card as a PNG. Rasterised off the main thread (resvg's own threads): about 50 ms a card. */
export async function drawCard(face: CardFace): Promise<Buffer> {
  return (await renderAsync(await cardSvg(face), RESVG_OPTIONS)).asPng();
}
