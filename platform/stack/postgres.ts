import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Debian's PostgreSQL binaries (apt-get install postgresql). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length)
    throw new Error(
      'PostgreSQL is not installed: apt-get install -y postgresql (or set DATABASE_URL).',
    );
  return path.join(root, versions[0]!, 'bin');
}

export interface LocalDatabase {
  url: string;
  stop(): void;
}

/**
 * A PostgreSQL for `npm run stack` when DATABASE_URL is unset: a cluster of the project's own
 * under .data/postgres, on a Unix socket in that folder (no port to collide with). PostgreSQL
 * refuses to run as root, so as root the files belong to the postgres user and it runs as that user.
 */
export function startLocalPostgres(dataRoot: string): LocalDatabase {
  const bin = binDir();
  const dir = path.join(dataRoot, 'postgres');
  const socketDir = path.join(dir, 'socket');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync(
          'su',
          [
            'postgres',
            '-s',
            '/bin/sh',
            '-c',
            [command, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' '),
          ],
          { encoding: 'utf8' },
        )
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  };
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    run(path.join(bin, 'initdb'), [
      '-D',
      dir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-instructions',
    ]);
  }
  mkdirSync(socketDir, { recursive: true });
  if (asRoot) execFileSync('chown', ['postgres:postgres', socketDir]);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-c listen_addresses='' -k ${socketDir}`,
    'start',
  ]);
  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  return {
    url,
    stop: () => run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']),
  };
}
