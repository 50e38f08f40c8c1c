// The cloud-pc module's public surface: other modules import only this file.
export { expireMachines, runningMachines } from './cloud-pc.service';
