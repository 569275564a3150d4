/** The little of Trix (which ships no types) the studio's editor uses. */
declare module 'trix' {
  interface TrixAttachment {
    file?: File;
    setUploadProgress(percent: number): void;
    setAttributes(attributes: Record<string, unknown>): void;
    remove(): void;
  }
  const Trix: {
    config: {
      lang: Record<string, string>;
      blockAttributes: Record<string, { tagName?: string; breakOnReturn?: boolean }>;
      attachments: { preview: { caption: { name: boolean; size: boolean } } };
    };
  };

  export type { TrixAttachment };
  export default Trix;
}
