/** Types of stamp.js (plain JavaScript: it runs where no compiler is installed). */
export const STAMP_FILE: string;
export interface Stamp {
  version: string;
  /** The commit built, with `-dirty` when the working tree had changes; null without git. */
  commit: string | null;
  sourceHash: string;
  builtAt: string;
}
export function sourceHash(root: string): string;
export function readStamp(root: string): Stamp | undefined;
export function staleReason(root: string): string | undefined;
