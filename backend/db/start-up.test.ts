import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { logMessages } from '../../test-support/log-lines';
import { openSqlite } from './connection';

const scratch = mkdtempSync(join(tmpdir(), 'portal-start-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts the real server with these settings and gives what it printed and how it ended. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const server = spawn(process.execPath, ['dist/server.js'], {
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', PORTAL_ENV: 'local', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (data) => {
      output += data;
      // A server that started is a failure of the test: stop it.
      if (/listening/.test(output)) server.kill('SIGTERM');
    });
    server.stderr.on('data', (data) => {
      output += data;
    });
    server.on('exit', (code) => resolve({ code, output }));
  });
}

/** One line, whose message (the server's lines are JSON) matches `pattern`, and no stack trace. */
const oneClearLine = (output: string, pattern: RegExp) => {
  const lines = logMessages(output.trim()).split('\n');
  assert.equal(lines.length, 1, `one line, not:\n${output}`);
  assert.match(lines[0] ?? '', pattern);
  assert.doesNotMatch(output, /\n\s+at |node_modules/, 'no stack trace');
};

describe('start-up on a data folder it cannot use', () => {
  it('a file where the folder should be: one line naming it, and a non-zero exit', async () => {
    const file = join(scratch, 'not-a-folder');
    writeFileSync(file, 'x');
    const { code, output } = await start({ DATA_DIR: file });
    assert.equal(code, 1);
    oneClearLine(output, new RegExp(`The data folder ${file} cannot be used: it is not a folder`));
  });

  it('a damaged database file: one line naming it', async () => {
    const folder = join(scratch, 'damaged');
    mkdirSync(folder);
    writeFileSync(join(folder, 'portal.sqlite'), 'this is not a database'.repeat(100));
    const { code, output } = await start({ DATA_DIR: folder });
    assert.equal(code, 1);
    oneClearLine(output, /portal\.sqlite is not a database or is damaged/);
  });

  it('something else where its lock file should be: one line naming the lock file, not the database', async () => {
    for (const [name, make, said] of [
      [
        'lock-text',
        (lock: string) => writeFileSync(lock, 'not a lock'.repeat(100)),
        /portal\.lock is not its lock file/,
      ],
      ['lock-folder', (lock: string) => mkdirSync(lock), /portal\.lock cannot be opened/],
    ] as const) {
      const folder = join(scratch, name);
      mkdirSync(folder);
      make(join(folder, 'portal.lock'));
      const { code, output } = await start({ DATA_DIR: folder });
      assert.equal(code, 1);
      oneClearLine(output, said);
      assert.doesNotMatch(output, /portal\.sqlite|Set DATA_DIR/, 'nothing said of the database or another folder');
    }
  });

  it('a malformed setting: one line naming it', async () => {
    const { code, output } = await start({ TRUST_PROXY: 'everyone', DATA_DIR: join(scratch, 'unused') });
    assert.equal(code, 1);
    oneClearLine(output, /TRUST_PROXY must be/);
  });
});

describe('start-up on a data folder another server uses', () => {
  it('stops with one line while the other runs, and starts once it has stopped, even killed', async () => {
    const folder = join(scratch, 'shared');
    const running = await openSqlite(folder);
    try {
      const { code, output } = await start({ DATA_DIR: folder });
      assert.equal(code, 1);
      oneClearLine(
        output,
        new RegExp(`The data folder ${folder} cannot be used: another portal server is using it .*: stop it`),
      );
    } finally {
      await running.close();
    }
    assert.match((await start({ DATA_DIR: folder })).output, /listening/, 'starts once the other closed');
    // A server killed outright leaves nothing that keeps the next one out.
    const killed = spawn(process.execPath, ['dist/server.js'], {
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', PORTAL_ENV: 'local', DATA_DIR: folder },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => {
      let output = '';
      killed.stdout.on('data', (data) => {
        output += data;
        if (/listening/.test(output)) resolve();
      });
    });
    const exited = new Promise((resolve) => killed.on('exit', resolve));
    killed.kill('SIGKILL');
    await exited;
    assert.match((await start({ DATA_DIR: folder })).output, /listening/, 'starts after a kill -9');
  });
});

describe('start-up on a DATABASE_URL it cannot use', () => {
  it('a malformed address: one line naming the setting', async () => {
    for (const url of ['mysql://db/portal', 'not an address', 'postgres://db']) {
      const { code, output } = await start({ DATABASE_URL: url, DATA_DIR: join(scratch, 'unused') });
      assert.equal(code, 1, url);
      oneClearLine(output, /^DATABASE_URL must /);
    }
  });

  it('a server that does not answer: one line naming it, without the password', async () => {
    const { code, output } = await start({
      DATABASE_URL: 'postgres://portal:s3cret-word@127.0.0.1:1/portal',
      DATA_DIR: join(scratch, 'unused'),
    });
    assert.equal(code, 1);
    oneClearLine(output, /^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/portal cannot be used: .*ECONNREFUSED/);
    assert.doesNotMatch(output, /s3cret-word/);
  });
});

describe('start-up on a usable data folder', () => {
  it('says whether it found a database or made a new one from the seed', async () => {
    // A folder lost between two starts shows as a new database, not as nothing.
    const folder = join(scratch, 'kept');
    const first = await start({ DATA_DIR: folder });
    assert.match(first.output, new RegExp(`Data folder ${folder}: no database was there, a new one was made`));
    const second = await start({ DATA_DIR: folder });
    assert.match(second.output, new RegExp(`Data folder ${folder}: its database opened`));
  });
});
