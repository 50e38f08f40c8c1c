// The pricing module's public surface: other modules import only this file.
export { findPlanLimits, findSku, listSkus, type SkuRow } from './pricing.repository';
// The composition's memo of plan limits (composition/plugins/memos.ts): its channel, tables and type.
export { PLAN_MEMO_CHANNEL, PLAN_MEMO_TABLES, findPlanLimitsMemo, type PlanMemo } from './plan-limits';
export { listSkusForStaff, skuDiscounts, updateSkuPrice } from './pricing.admin';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { pricingAdminRoutes } from './pricing.admin.routes';
