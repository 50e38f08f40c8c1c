// The redeem module's public surface: other modules import only this file.
export { createCodeBatch, hashCode, insertCodeBatch, type CodeBatchRequest } from './redeem.service';
export { batchExists, codesOfBatch, expireUnusedCodes, findCodeByHash, listCodeBatches, lockBatchName, type CodeBatchRow } from './redeem.repository';
