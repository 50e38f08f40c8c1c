// The cloud-pc module's public surface: other modules import only this file.
export { expireMachines, runningMachines } from './cloud-pc.service';
// The first-order refund's steps, composed by the refund-order flow (src/flows/refund-order.ts).
export {
  checkFirstOrderRefund,
  claimFirstOrder,
  type FirstOrderRefund,
  firstOrderRefundAnswer,
  refundableRenewalsOf,
  undoFirstOrderClaim,
} from './cloud-pc.service';
// The routes take the first-order refund from the composition (the flow): their options.
export { type CloudPcRouteOptions } from './cloud-pc.routes';
// What fulfilment asks of the machines it grants, handed to it by the composition.
export { grantedMachines } from './granted-machines.repository';
// Its staff routes (ADR 0040: beside what they manage), registered by composition/staff-routes.ts.
export { cloudPcAdminRoutes } from './cloud-pc.admin.routes';
