import { hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where `local` keeps the secret it made, beside its database. */
export const SECRET_FILE = 'session-secret';

/** Signing keys by purpose, all from one secret, so every instance given it signs and checks alike. */
export type SigningKeys = (purpose: string) => Buffer;

/** A key leaked from one use (a form token) then signs nothing of another (an agent's cookie). */
export function signingKeys(secret: string): SigningKeys {
  return (purpose) => Buffer.from(hkdfSync('sha256', secret, 'industrial-portal', purpose, 32));
}

/**
 * The secret of a data folder without SESSION_SECRET (`local`): made once and
 * kept there, so a restart keeps agents signed in and open forms valid.
 */
export function dataFolderSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
