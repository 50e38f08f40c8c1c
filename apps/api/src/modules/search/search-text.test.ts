import { describe, expect, it } from 'vitest';
import {
  documentTerms,
  fold,
  makeSnippet,
  markdownHeadings,
  markdownToText,
  normalizeKeyword,
  queryTerms,
  requiredMatches,
  termRanges,
} from './search-text';

describe('fold', () => {
  it('lower-cases and strips Latin accents without changing length', () => {
    expect(fold('Método ÉCRAN Straße')).toBe('metodo ecran straße');
    expect(fold('Método').length).toBe('Método'.length);
  });
  it('folds full-width forms one character at a time, keeping the length', () => {
    expect(fold('ＬＬＫ，远程')).toBe('llk,远程');
  });
  it('leaves kana voicing marks and hangul alone', () => {
    expect(fold('データ')).toBe('データ');
    expect(fold('원격 제어')).toBe('원격 제어');
  });
});

describe('queryTerms', () => {
  it('splits CJK text at Intl.Segmenter’s word boundaries, then into bigrams inside each word', () => {
    expect(queryTerms('屏幕墙', 'zh-CN')).toEqual(['屏幕', '墙']);
    // 远程|控制: no 程控 straddling the two words
    expect(queryTerms('远程控制', 'zh-CN')).toEqual(['远程', '控制']);
    expect(queryTerms('リモート', 'ja')).toEqual(['リモ', 'モー', 'ート']);
    expect(queryTerms('원격 제어', 'ko')).toEqual(['원격', '제어']);
    // characters the dictionary knows as no word (程|控) stay one pair, not two characters found anywhere
    expect(queryTerms('程控', 'zh-CN')).toEqual(['程控']);
  });
  it('keeps a one-character CJK query as a unigram', () => {
    expect(queryTerms('墙', 'zh-CN')).toEqual(['墙']);
    expect(queryTerms('画', 'ja')).toEqual(['画']);
  });
  it('leaves out each language’s stop-words ("mot de passe oublié")', () => {
    expect(queryTerms('mot de passe oublié', 'fr')).toEqual(['mot', 'passe', 'oublie']);
    expect(queryTerms('How do I share the screen wall', 'en')).toEqual(['share', 'screen', 'wall']);
    expect(queryTerms('cómo cambiar la contraseña', 'es')).toEqual(['cambiar', 'contrasena']);
    expect(queryTerms('如何设置屏幕墙', 'zh-CN')).toEqual(['设置', '屏幕', '墙']);
    expect(queryTerms('パスワードを忘れた', 'ja')).toEqual(['パス', 'スワ', 'ワー', 'ード', '忘れ']);
    // a query of stop-words only is searched as it is
    expect(queryTerms('de', 'fr')).toEqual(['de']);
  });
  it('drops a Korean particle from a query word so the word is found with any other', () => {
    expect(queryTerms('원격으로', 'ko')).toEqual(['원격']);
    expect(queryTerms('비밀번호를', 'ko')).toEqual(['비밀', '밀번', '번호']);
    expect(queryTerms('평가', 'ko')).toEqual(['평가']);
  });
  it('folds Latin words and separates them from adjacent CJK', () => {
    expect(queryTerms('Écran Partagé')).toEqual(['ecran', 'partage']);
    expect(queryTerms('LLK远程')).toEqual(['llk', '远程']);
    expect(queryTerms('ＬＬＫ')).toEqual(['llk']); // full-width letters
  });
  it('has no terms for punctuation only', () => {
    expect(queryTerms('?!… ')).toEqual([]);
  });
});

describe('documentTerms', () => {
  it('counts words, bigrams and unigrams', () => {
    const terms = documentTerms('屏幕墙 Screen screen', 'zh-CN');
    expect(terms.get('屏幕')).toBe(1);
    expect(terms.get('墙')).toBe(1);
    expect(terms.get('screen')).toBe(2);
  });
  it('has no bigram across two CJK words', () => {
    expect(documentTerms('远程控制', 'zh-CN').has('程控')).toBe(false);
    expect(documentTerms('远程控制', 'zh-CN').get('控制')).toBe(1);
  });
});

describe('requiredMatches', () => {
  it('asks for every term of short queries and most of longer ones', () => {
    expect([1, 2, 3, 4, 10].map(requiredMatches)).toEqual([1, 2, 3, 3, 7]);
  });
});

describe('normalizeKeyword', () => {
  it('trims, collapses spaces and lower-cases', () => {
    expect(normalizeKeyword('  Screen   Wall ')).toBe('screen wall');
    expect(normalizeKeyword('ＳＣＲＥＥＮ')).toBe('screen');
  });
});

describe('markdownToText', () => {
  it('drops markup and keeps the words', () => {
    const text = markdownToText(
      '---\ntitle: x\n---\n# Title\n\n- **Bold** [link](https://x.test) `code`\n\n| a | b |\n|---|---|\n| c | d |',
    );
    expect(text).not.toMatch(/[#*[\]|`]/);
    expect(text).toContain('Title');
    expect(text).toContain('Bold link code');
    expect(text).not.toContain('title: x');
  });
  it('keeps a table’s columns and rows apart (no flattened tables)', () => {
    const text = markdownToText('| Plan | Price | Devices |\n| --- | ---: | --- |\n| Free | ¥0 | 3 |\n| **Pro** | ¥268 | 10 |');
    expect(text).toBe('Plan · Price · Devices /\nFree · ¥0 · 3 /\nPro · ¥268 · 10 /');
    expect(makeSnippet(text, ['pro'], { cjk: false }).text).toBe('Plan · Price · Devices / Free · ¥0 · 3 / Pro · ¥268 · 10 /');
  });
});

describe('markdownHeadings', () => {
  it('lists the headings as text, not the code', () => {
    expect(markdownHeadings('# Titre\n\nTexte\n\n## Mot de **passe**\n```\n# not a heading\n```\n### Fin ##')).toEqual([
      'Titre',
      'Mot de passe',
      'Fin',
    ]);
  });
});

describe('makeSnippet', () => {
  it('centres on the first match and marks every term', () => {
    const body = `${'前文'.repeat(40)}打开屏幕墙后，屏幕墙会显示所有设备。${'后文'.repeat(40)}`;
    const snippet = makeSnippet(body, queryTerms('屏幕墙', 'zh-CN'), { cjk: true, locale: 'zh-CN' });
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    const marked = snippet.highlights.map(([start, end]) => snippet.text.slice(start, end));
    expect(marked).toEqual(['屏幕墙', '屏幕墙']);
  });
  it('marks Latin matches regardless of case and accents', () => {
    const snippet = makeSnippet('Open the Écran wall, then choose an écran.', ['ecran'], { cjk: false });
    expect(snippet.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['Écran', 'écran']);
  });
  it('shows the original text, full-width punctuation included', () => {
    const snippet = makeSnippet('打开ＬＬＫ，进入屏幕墙。', ['llk', '屏幕'], { cjk: true });
    expect(snippet.text).toBe('打开ＬＬＫ，进入屏幕墙。');
    expect(snippet.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['ＬＬＫ', '屏幕']);
  });
  it('ends a Latin window between words, never inside one', () => {
    const body = `${'Remote access works from any desk. '.repeat(10)}Open the screen wall to watch every device at once, then choose one to control it. ${'Each tile shows its device live, with its name and status underneath. '.repeat(5)}`;
    const snippet = makeSnippet(body, ['screen'], { cjk: false });
    expect(snippet.text.endsWith('…')).toBe(true);
    const words = new Set(body.split(/\s+/));
    // every word of the window is a whole word of the text
    for (const word of snippet.text.replace(/^…|…$/g, '').trim().split(' ')) expect(words.has(word), word).toBe(true);
    expect(snippet.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['screen']);
  });
  it('marks whole Latin words only: no "Re[mot]e", "co[de]" nor a lone "d"', () => {
    const text = 'LLK Remote : code d’accès. Mot de passe oublié ? Réinitialisez le mot de passe.';
    const snippet = makeSnippet(text, queryTerms('mot de passe oublié', 'fr'), { cjk: false, locale: 'fr' });
    expect(snippet.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['Mot', 'passe', 'oublié', 'mot', 'passe']);
    const marked = termRanges('Remote code d', ['mot', 'de', 'd']).map(([s, e]) => 'Remote code d'.slice(s, e));
    expect(marked).toEqual(['d']);
    expect(termRanges('Remote code', ['mot', 'de'])).toEqual([]);
  });
  it('marks CJK terms inside one segmented word, never across two', () => {
    expect(termRanges('远程控制', ['程控'], 'zh-CN')).toEqual([]);
    expect(termRanges('远程控制', ['远程', '控制'], 'zh-CN')).toEqual([[0, 4]]);
  });
  it('starts at the beginning when nothing matches', () => {
    expect(makeSnippet('short text', ['zzz'], { cjk: false })).toEqual({ text: 'short text', highlights: [] });
  });
});
