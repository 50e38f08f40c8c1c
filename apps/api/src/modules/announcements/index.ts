// The announcements module's public surface: other modules import only this file.
export { findCurrentNotices, findNoticeTranslations } from './announcements.repository';
export { createNotice, getNoticeForStaff, listNoticesForStaff, setNoticePublished, updateNotice } from './announcements.admin';
