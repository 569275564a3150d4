/**
 * Addresses of the images the portal draws (the host serves them under
 * `/media/`). Content names these; a server may version them (`?v=`) for caching.
 */
export const mediaPaths = {
  logo: '/media/logo.svg',
  /** The footer's two photo badges (SPEC §2). */
  badge: (name: 'wechat' | 'service') => `/media/badge/${name}.svg`,
  /** Cover art of a product, solution, case, news item or film. */
  cover: (kind: string, id: number | string) => `/media/cover/${kind}/${id}.svg`,
} as const;

/** Turns a media path into the address a page or an answer gives (versioned, say). */
export type MediaUrl = (path: string) => string;
