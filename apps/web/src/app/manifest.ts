import { defaultLocale } from '@llk/contracts';
import type { MetadataRoute } from 'next';
import common from '../../messages/zh-CN/common.json';
import { THEME_COLOR } from '@/lib/metadata';

// /manifest.webmanifest: one file for the whole site, so it speaks the default locale (the one
// `/` opens in); the brand name comes from the messages like everywhere else.
export default function manifest(): MetadataRoute.Manifest {
  const brand = common.app.title['1'];
  return {
    name: brand,
    short_name: brand,
    description: common.share.desc,
    lang: defaultLocale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/imgs/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/imgs/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  };
}
