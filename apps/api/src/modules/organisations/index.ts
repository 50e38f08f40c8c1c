// The organisations module's public surface (ADR 0043): app.ts registers its routes; the route
// table is what the role-matrix test walks.
export { organisationRoutes, ORG_ROUTES } from './organisations.routes';
// An account's cancellation (modules/profile) and erasure (flows/account-erasure.ts).
export { eraseMembershipsOf, guardNoSoleOwnership } from './organisations.service';
// The devices module's registration enrols a device with a deploy code in its own transaction (ADR 0045).
export { enrolDevice, type Enrolment, forgetOrgDevices, organisationHeldDeviceIds } from './org-devices.service';
// The devices module's connect check decides an organisation's device by its access rules (ADR 0046).
export { connectAccessOf } from './access-decision';
