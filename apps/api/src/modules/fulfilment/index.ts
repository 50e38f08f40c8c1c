// The fulfilment module's public surface: other modules import only this file.
export { CLOUD_PC_SPECS, planOfSku, skuIdOf, specOf } from './cloud-pc.plans';
export {
  applyGrant,
  claimRenewalRefund,
  fulfilOrder,
  listUndeliveredOrders,
  revokeFulfilment,
  type TGrant,
  type TGrantRequest,
} from './fulfilment.service';
export { isMachineReleasedByRefund, provideCloudPcMachines, type CloudPcMachines } from './fulfilment.repository';
