// The news module's public surface: other modules import only this file.
export { findAllNewsWithTranslations } from './news.repository';
export {
  createNews,
  getNewsForStaff,
  listNewsForStaff,
  missingLocales,
  newsQuotingPrices,
  setNewsPublished,
  updateNews,
} from './news.admin';
export { discountsFor, fillFigures } from './news-figures';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { contentPreviewAdminRoutes, newsAdminRoutes } from './news.admin.routes';
