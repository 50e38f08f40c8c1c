import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Phrased, phrases } from './phrases';

describe('phrases', () => {
  it('splits Japanese and Chinese at phrase boundaries, never before 「、」', () => {
    const ja = phrases('離れた場所のパソコンも、目の前にあるような鮮明さで', 'ja');
    expect(ja.join('')).toBe('離れた場所のパソコンも、目の前にあるような鮮明さで');
    expect(ja.length).toBeGreaterThan(2);
    expect(ja.some((part) => part.startsWith('、'))).toBe(false);
    expect(ja).toContain('パソコンも、');
    expect(phrases('跨平台远程控制，随时随地高清连接', 'zh-CN').length).toBeGreaterThan(2);
    expect(phrases('跨平台遠端控制，隨時隨地高清連線', 'zh-tw').length).toBeGreaterThan(2);
  });

  it('leaves languages written with spaces whole', () => {
    expect(phrases('Your computer, anywhere', 'en')).toEqual(['Your computer, anywhere']);
    expect(phrases('어디서나 내 컴퓨터를', 'ko')).toEqual(['어디서나 내 컴퓨터를']);
  });

  it('puts a <wbr> between phrases and nothing else', () => {
    const html = renderToStaticMarkup(
      <h1>
        <Phrased text="スクリーンウォール：すべての画面をひと目で" locale="ja" />
      </h1>,
    );
    expect(html.replaceAll('<wbr/>', '')).toBe('<h1>スクリーンウォール：すべての画面をひと目で</h1>');
    expect(html).not.toContain('画<wbr/>面');
    expect(html).toContain('<wbr/>');
  });

  it('never cuts inside a word of a script written with spaces (the Chinese models cut “W|indows”)', () => {
    expect(phrases('使用 Windows 远程控制 Mac', 'zh-CN')).toEqual(['使用', ' Windows ', '远程', '控制', ' Mac']);
    expect(
      phrases('在 iPhone 和 Android 上连接', 'zh-CN')
        .filter((part) => /[a-z]/i.test(part))
        .map((part) => part.trim()),
    ).toEqual(['iPhone', 'Android']);
    expect(phrases('屏幕墙：Screen Wall 的使用', 'zh-CN')).toContain('Screen Wall ');
    // a guide page shown in English on a Chinese page (the guide's fallback) stays whole
    expect(phrases('Connect to your computer', 'zh-CN')).toEqual(['Connect to your computer']);
  });

  it('keeps a number with the word it counts: no break between “8” and “折”', () => {
    const html = renderToStaticMarkup(
      <h1>
        <Phrased text="年中慶：會員 8 折，加贈 30 天" locale="zh-tw" />
      </h1>,
    );
    expect(html).toContain('8\u00a0折');
    expect(html).toContain('30\u00a0天');
    // the space before the number may still break: only the one after it is held
    expect(html.replaceAll('<wbr/>', '')).toBe('<h1>年中慶：會員 8\u00a0折，加贈 30\u00a0天</h1>');
    expect(phrases('年間 2 割引', 'ja').join('')).toBe('年間 2\u00a0割引');
    expect(phrases('Save 8 times', 'en')).toEqual(['Save 8 times']);
  });

  it('keeps the brand whole: “成為 LLK Remote 推廣大使” never ends a line on “LLK”', () => {
    const html = renderToStaticMarkup(
      <h1>
        <Phrased text="成為 LLK Remote 推廣大使" locale="zh-tw" />
      </h1>,
    );
    expect(html.replaceAll('<wbr/>', '')).toBe('<h1>成為 LLK\u00a0Remote 推廣大使</h1>');
    expect(phrases('LLK Remote のダウンロード', 'ja').join('')).toBe('LLK\u00a0Remote のダウンロード');
  });
});
