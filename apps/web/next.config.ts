import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const config: NextConfig = {
  // Lets two builds (or a build and a running server) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  transpilePackages: ['@llk/contracts'],
  poweredByHeader: false,
  reactStrictMode: true,
  // app/global-not-found.tsx: URLs no route matches (unknown guide topic, file-like paths)
  // get the site's fatal page in the right language instead of the framework default.
  experimental: {
    globalNotFound: true,
    // The contracts barrel re-exports zod schemas; import only the modules actually used so
    // client code that needs a locale constant does not ship zod (JS budget, README).
    optimizePackageImports: ['@llk/contracts'],
  },
  turbopack: { root: path.resolve(process.cwd(), '../..') },
};

export default withNextIntl(config);
