// The news module's public surface: other modules import only this file.
export { findAllNewsWithTranslations } from './news.repository';
