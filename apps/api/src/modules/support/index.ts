// The support module's public surface: other modules import only this file.
export { renderSupportReply } from './support-email';
export { openDisputeThread, openInvoiceThread, supportReference } from './support.service';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { supportAdminRoutes } from './support.admin.routes';
