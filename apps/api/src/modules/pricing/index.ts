// The pricing module's public surface: other modules import only this file.
export { findPlanLimits, findSku, listSkus, type SkuRow } from './pricing.repository';
export { listSkusForStaff, skuDiscounts, updateSkuPrice } from './pricing.admin';
