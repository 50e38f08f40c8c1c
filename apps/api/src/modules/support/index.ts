// The support module's public surface: other modules import only this file.
export { renderSupportReply } from './support-email';
export { openDisputeThread, openInvoiceThread, supportReference } from './support.service';
