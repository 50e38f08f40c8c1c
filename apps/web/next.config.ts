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
  turbopack: { root: path.resolve(process.cwd(), '../..') },
};

export default withNextIntl(config);
