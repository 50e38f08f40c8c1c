// The redeem module's public surface: other modules import only this file.
export { createCodeBatch, hashCode, insertCodeBatch, type CodeBatchRequest } from './redeem.service';
export {
  batchExists,
  codesOfBatch,
  expireUnusedCodes,
  findCodeByHash,
  listCodeBatches,
  lockBatchName,
  type CodeBatchRow,
} from './redeem.repository';
// Its staff routes (ADR 0040: beside what they manage); admin.routes registers them behind the staff guard.
export { codesAdminRoutes } from './codes.admin.routes';
