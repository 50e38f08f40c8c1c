// Search-engine and link-preview crawlers (they are never sent elsewhere by
// language detection, never get the language cookie, and get a bare status on a fatal page).

/** Named agents: the big search engines (incl. the Chinese ones) and the preview fetchers. */
const NAMED = [
  'googlebot',
  'google-inspectiontool',
  'storebot-google',
  'adsbot-google',
  'mediapartners-google',
  'apis-google',
  'googleother',
  'bingbot',
  'bingpreview',
  'msnbot',
  'adidxbot',
  'baiduspider',
  'yandex(?:bot|images|mobilebot|accessibilitybot|renderresourcesbot)',
  'duckduckbot',
  'duckduckgo-favicons-bot',
  'sogou[\\w -]*spider',
  '360spider',
  'haosouspider',
  'bytespider',
  'applebot',
  'petalbot',
  'yisouspider',
  'slurp',
  'facebookexternalhit',
  'facebookcatalog',
  'meta-externalagent',
  'twitterbot',
  'linkedinbot',
  'pinterestbot',
  'slackbot',
  'discordbot',
  'telegrambot',
  'whatsapp',
  'redditbot',
  'embedly',
  'quora link preview',
  'skypeuripreview',
  'semrushbot',
  'ahrefsbot',
  'mj12bot',
  'dotbot',
  'seznambot',
  'qwantify',
  'ccbot',
  'gptbot',
  'claudebot',
  'perplexitybot',
  'amazonbot',
  'ia_archiver',
  'archive\\.org_bot',
  'yeti',
  'daumoa',
  'coccocbot',
  'exabot',
];

/**
 * Anything else that calls itself a bot, spider or crawler as a product token
 * ("compatible; FooBot/1.0"), but not phones whose model name ends in "bot" (Cubot).
 */
const GENERIC = '(?:^|[\\s;(])[\\w.-]*(?:bot|spider|crawler)(?=[/\\s;)]|$)';
const PATTERN = new RegExp(`(?:${NAMED.join('|')})|${GENERIC}`, 'i');
const FALSE_POSITIVES = /\bcubot\b/i;

export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return PATTERN.test(userAgent) && !FALSE_POSITIVES.test(userAgent);
}
