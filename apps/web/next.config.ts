import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

// The origin of every absolute link the pages print (Open Graph, canonical, sitemap, the
// download page's phone QR). NEXT_PUBLIC_* are inlined by the build, so it is read here:
// NEXT_PUBLIC_SITE_URL, else PUBLIC_ORIGIN (the one setting `npm start` and the API share),
// else the origin `next start` runs on.
process.env.NEXT_PUBLIC_SITE_URL ||= process.env.PUBLIC_ORIGIN || `http://localhost:${process.env.PORT || 3000}`;

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
