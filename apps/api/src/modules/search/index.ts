// The search module's public surface: other modules import only this file.
export { reindexNewsItem, reindexNotice, syncGuideIndex } from './search-index';
export { defaultGuideDir } from './search.seed';
export { listHotSearchesForStaff, setHotSearchState } from './search.admin';
