// The downloads module's public surface: other modules import only this file.
export {
  checksumOfStream,
  checksumOfUrl,
  createRelease,
  getReleaseForStaff,
  listReleasesForStaff,
  setReleasePublished,
  updateRelease,
} from './downloads.admin';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { releasesAdminRoutes } from './downloads.admin.routes';
