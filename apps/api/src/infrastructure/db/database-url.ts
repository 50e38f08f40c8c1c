import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../paths';

export type TDialect = 'sqlite' | 'postgres';

export type TDatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/**
 * Reads DATABASE_URL: `postgres://…` / `postgresql://…` for PostgreSQL; for SQLite
 * `sqlite:/abs`, `sqlite:rel`, `sqlite:///abs`, `file:/abs`, `file:///abs`, `:memory:` or a
 * plain path. Relative paths are taken from the repository root, never the working directory.
 */
export function parseDatabaseUrl(value: string, baseDir: string = repoRoot): TDatabaseTarget {
  const raw = value.trim();
  if (!raw) throw new Error('is empty');
  if (/^postgres(ql)?:\/\//i.test(raw)) return { dialect: 'postgres', url: raw };

  let file: string;
  if (/^sqlite:/i.test(raw)) {
    file = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  } else if (/^file:\/\//i.test(raw)) {
    file = fileURLToPath(raw);
  } else if (/^file:/i.test(raw)) {
    file = raw.slice('file:'.length);
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new Error(`unsupported scheme "${raw.split(':')[0]}" (use postgres://, sqlite: or a file path)`);
  } else {
    file = raw;
  }
  if (!file) throw new Error('names no SQLite file');
  if (file === ':memory:') return { dialect: 'sqlite', file };
  return { dialect: 'sqlite', file: path.resolve(baseDir, file) };
}

/** The URL with any password replaced, for logs. */
export function describeDatabaseTarget(target: TDatabaseTarget): string {
  if (target.dialect === 'sqlite') return `sqlite:${target.file}`;
  try {
    const url = new URL(target.url);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unparseable)';
  }
}
