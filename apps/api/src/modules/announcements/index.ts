// The announcements module's public surface: other modules import only this file.
export { findCurrentNotices, findNoticeTranslations } from './announcements.repository';
export { createNotice, getNoticeForStaff, listNoticesForStaff, setNoticePublished, updateNotice } from './announcements.admin';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { noticesAdminRoutes } from './announcements.admin.routes';
