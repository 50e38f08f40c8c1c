// The search module's public surface: other modules import only this file.
export { reindexNewsItem, reindexNotice, syncGuideIndex } from './search-index';
export { defaultGuideDir } from './search.seed';
export { listHotSearchesForStaff, setHotSearchState } from './search.admin';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { searchAdminRoutes } from './search.admin.routes';
