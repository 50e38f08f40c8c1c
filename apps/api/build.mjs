#!/usr/bin/env node
// `npm run build -w @llk/api`: the production API as one ES module, dist/server.mjs (run with
// `node --enable-source-maps dist/server.mjs`), and dist/cli.mjs for `migrate` / `seed` on deploy. The workspace's TypeScript (src/, and
// @llk/contracts, which has no build step of its own) is bundled in; every npm package stays
// external and is loaded from node_modules at run time, so native modules (better-sqlite3,
// argon2), packages that read their own files (the country tables, swagger-ui's assets) and
// pg-boss's migrations work exactly as in development.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.dirname(fileURLToPath(import.meta.url));

const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@llk/') ? undefined : { external: true }));
  },
};

await build({
  absWorkingDir: apiRoot,
  entryPoints: { server: 'src/composition/server.ts', cli: 'src/composition/setup/cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
console.info(`built ${path.join(apiRoot, 'dist')}: server.mjs (the API), cli.mjs (\`node dist/cli.mjs migrate|seed\`)`);
