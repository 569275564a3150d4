import type Database from 'better-sqlite3';
import { migrations } from './migrations';

export interface Migration {
  /** Applied in ascending order, each once. */
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/**
 * Applies the migrations the database has not seen, each in its own transaction
 * together with the bump of `user_version`, so a crash never leaves one half done.
 * Running it again changes nothing.
 */
export function migrate(db: Database.Database, list: readonly Migration[] = migrations): number[] {
  const applied: number[] = [];
  const sorted = [...list].sort((a, b) => a.version - b.version);
  for (const migration of sorted) {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
