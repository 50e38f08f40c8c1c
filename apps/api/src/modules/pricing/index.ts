// The pricing module's public surface: other modules import only this file.
export { findPlanLimits, findSku, listSkus, type SkuRow } from './pricing.repository';
export { listSkusForStaff, skuDiscounts, updateSkuPrice } from './pricing.admin';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { pricingAdminRoutes } from './pricing.admin.routes';
