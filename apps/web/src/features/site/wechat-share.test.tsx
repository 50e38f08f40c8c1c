import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WechatShare } from './components/wechat-share';
import { setUpWechatShare } from './wechat-share-setup';

const SHARE_IMAGE_PATH = '/imgs/logo-120.png';

// WeChat share: only inside WeChat, a signature for this page from
// GET /api/wxMp/getJsapiTicket (lib/api.ts over a fake fetch), wx.config, then the share data;
// any failure leaves the page as it is.

const signature = { appId: 'wx123', timestamp: 1764000000, nonceStr: 'n0nce', signature: 'abc' };

function fakeWx(modern = true) {
  const base = { config: vi.fn(), ready: vi.fn((callback: () => void) => callback()), error: vi.fn() };
  const share = {
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
    onMenuShareAppMessage: vi.fn(),
    onMenuShareTimeline: vi.fn(),
  };
  window.wx = modern
    ? { ...base, updateAppMessageShareData: share.updateAppMessageShareData, updateTimelineShareData: share.updateTimelineShareData }
    : { ...base, onMenuShareAppMessage: share.onMenuShareAppMessage, onMenuShareTimeline: share.onMenuShareTimeline };
  return { ...base, ...share };
}

function serve(ok = true): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      return new Response(
        JSON.stringify(ok ? { errcode: 0, errmsg: 'ok', data: signature } : { errcode: 50000, errmsg: 'no ticket', data: null }),
        {
          status: ok ? 200 : 500,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
  return asked;
}

beforeEach(() => {
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/en/pricing?tab=year#plans');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  delete window.wx;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('setUpWechatShare', () => {
  it('signs the page URL without the fragment, configures wx and sets both share texts', async () => {
    const wx = fakeWx();
    const asked = serve();
    await setUpWechatShare({ title: 'LLK Remote', desc: 'Remote control' });
    expect(asked).toEqual([`/api/wxMp/getJsapiTicket?url=${encodeURIComponent('http://localhost:3000/en/pricing?tab=year')}`]);
    expect(wx.config).toHaveBeenCalledWith({
      debug: false,
      ...signature,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline'],
    });
    const link = 'http://localhost:3000/en/pricing?tab=year';
    const imgUrl = `http://localhost:3000${SHARE_IMAGE_PATH}`;
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({ title: 'LLK Remote', desc: 'Remote control', link, imgUrl });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({ title: 'LLK Remote', link, imgUrl });
    expect(wx.onMenuShareAppMessage).not.toHaveBeenCalled();
  });

  it('uses the older share calls on clients without the new ones', async () => {
    const wx = fakeWx(false);
    serve();
    await setUpWechatShare({ title: 'T', desc: 'D' });
    expect(wx.onMenuShareAppMessage).toHaveBeenCalledWith(expect.objectContaining({ title: 'T', desc: 'D' }));
    expect(wx.onMenuShareTimeline).toHaveBeenCalledWith(expect.objectContaining({ title: 'T' }));
  });

  it('only logs when there is no signature', async () => {
    const wx = fakeWx();
    serve(false);
    await expect(setUpWechatShare({ title: 'T', desc: 'D' })).resolves.toBeUndefined();
    expect(wx.config).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('WechatShare', () => {
  it('does nothing outside WeChat', async () => {
    const asked = serve();
    render(<WechatShare title="T" desc="D" />);
    await Promise.resolve();
    expect(asked).toEqual([]);
  });

  it('sets up sharing inside WeChat', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50');
    const wx = fakeWx();
    serve();
    render(<WechatShare title="T" desc="D" />);
    await vi.waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalled());
  });
});
