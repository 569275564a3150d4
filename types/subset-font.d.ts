/** The part of subset-font's API the build uses (the package ships no types). */
declare module 'subset-font' {
  interface SubsetOptions {
    /** `sfnt` (TrueType/OpenType), `woff` or `woff2`; default: the input's. */
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    /** Drop the hinting instructions. */
    noHinting?: boolean;
    preserveNameIds?: number[];
  }
  /** A font with only the glyphs `text` needs. */
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
