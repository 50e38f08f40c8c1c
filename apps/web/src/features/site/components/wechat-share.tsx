'use client';

import { useEffect } from 'react';

/**
 * Share setup inside WeChat's browser. Everywhere else this renders nothing
 * and loads nothing: the setup code and the JS-SDK are fetched only when the user agent says
 * MicroMessenger. Texts are messages share.title / share.desc, passed in by the layout.
 */
export function WechatShare({ title, desc }: { title: string; desc: string }) {
  useEffect(() => {
    if (!navigator.userAgent.includes('MicroMessenger')) return;
    import('../wechat-share-setup')
      .then(({ setUpWechatShare }) => setUpWechatShare({ title, desc }))
      .catch((error: unknown) => console.error('WeChat share: setup could not load', error));
  }, [title, desc]);
  return null;
}
