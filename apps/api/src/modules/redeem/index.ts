// The redeem module's public surface: other modules import only this file.
export { createCodeBatch, type CodeBatchRequest } from './redeem.service';
