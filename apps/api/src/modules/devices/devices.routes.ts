import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RunningMachines } from './cloud-pcs';
import { connectRoutes } from './connect.routes';
import { deviceListRoutes } from './device-list.routes';
import { deviceGroupRoutes } from './groups.routes';
import { planRoutes } from './plans.routes';
import { registrationRoutes } from './registration.routes';
import { sharingRoutes } from './sharing.routes';

/**
 * The devices routes, one file per concern, registered in the order the OpenAPI document lists
 * them. No answer about devices is stored by a browser or a proxy.
 * `runningMachines`: cloud-pc's reader, handed in by the composition (see cloud-pcs.ts).
 */
export const deviceRoutes: FastifyPluginAsyncZod<{ runningMachines: RunningMachines }> = async (app, options) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.register(registrationRoutes);
  app.register(deviceListRoutes, { runningMachines: options.runningMachines });
  app.register(deviceGroupRoutes);
  app.register(sharingRoutes);
  app.register(connectRoutes);
  app.register(planRoutes);
};
