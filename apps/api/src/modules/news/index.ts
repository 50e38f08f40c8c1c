// The news module's public surface: other modules import only this file.
export { findAllNewsWithTranslations } from './news.repository';
export { createNews, getNewsForStaff, listNewsForStaff, missingLocales, newsQuotingPrices, setNewsPublished, updateNews } from './news.admin';
export { discountsFor, fillFigures } from './news-figures';
