import { z } from 'zod';
import { blankToUndefined, ZBaseUrl, ZOriginList } from './env';

// Where the client packages are downloaded from, and the messaging platform that signs the
// pages people share.
//
//   DOWNLOAD_BASE_URL   where client packages are served from; release file paths are
//                       appended to it                 (https://download.example.com/llk)
//   WX_API_BASE         messaging platform API for the share signature (https://api.weixin.qq.com)
//   WX_APP_ID, WX_APP_SECRET  official-account credentials; unset = sharing answers 30001
//   WX_SHARE_ORIGINS    comma list of extra origins whose pages may be signed, besides
//                       WEB_ORIGIN                                           (empty)

export interface ContentConfig {
  downloadBaseUrl: string;
  wx: { apiBase: string; appId: string | undefined; appSecret: string | undefined; shareOrigins: string[] };
}

export const ZContentEnv = z.object({
  DOWNLOAD_BASE_URL: ZBaseUrl('https://download.example.com/llk'),
  WX_API_BASE: ZBaseUrl('https://api.weixin.qq.com'),
  WX_APP_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WX_APP_SECRET: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WX_SHARE_ORIGINS: ZOriginList,
});

export function contentConfig(e: z.infer<typeof ZContentEnv>): ContentConfig {
  return {
    downloadBaseUrl: e.DOWNLOAD_BASE_URL,
    wx: { apiBase: e.WX_API_BASE, appId: e.WX_APP_ID, appSecret: e.WX_APP_SECRET, shareOrigins: e.WX_SHARE_ORIGINS },
  };
}
