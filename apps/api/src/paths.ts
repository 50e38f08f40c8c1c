import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Paths are resolved against the repository root, not the working directory, so `npm start`
// from the root, `npm run … -w @llk/api` and vitest all find the same files.
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(apiRoot, '../..');
export const seedDir = path.join(repoRoot, 'content/seed');
export const defaultSqliteFile = path.join(repoRoot, 'data/llk.sqlite');
