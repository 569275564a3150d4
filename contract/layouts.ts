/**
 * The page layouts of SPEC §2: `default` (header with sign-in, footer, floating
 * buttons, cookie notice), `order` (header and footer), `topic` (topic header and
 * footer), `certify` (the logo only) and `blank`.
 */
export const LAYOUTS = ['default', 'order', 'topic', 'certify', 'blank'] as const;
export type Layout = (typeof LAYOUTS)[number];
