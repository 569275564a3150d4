import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { chromiumPath } from '../scripts/chromium';

export interface Machine {
  date: string;
  commit: string;
  /** Whether the working tree had uncommitted changes: the figures are then of more than the commit. */
  dirty: boolean;
  node: string;
  os: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  chromium: string;
  /** Without a CJK font every Chinese glyph renders as a box: layout and paint figures would not be a visitor's. */
  cjkFont: boolean;
  /** One-minute load average when the run began: other work on the machine lowers every timing. */
  loadAverage: number;
}

const run = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

export function describeMachine(): Machine {
  return {
    date: new Date().toISOString(),
    // Read-only git: the bench never changes the repository's state.
    commit: run('git', ['rev-parse', '--short', 'HEAD']) || 'unknown',
    dirty: run('git', ['status', '--porcelain']) !== '',
    node: process.version,
    os: `${type()} ${release()}`,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    chromium: run(chromiumPath(), ['--version']) || 'unknown',
    cjkFont: run('fc-list', [':lang=zh', 'family']) !== '',
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}
