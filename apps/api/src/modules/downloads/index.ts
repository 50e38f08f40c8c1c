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
