import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../infrastructure/http/fast-serializer';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Redis } from 'ioredis';
import { type AppConfig, type TTrustProxy } from './config';
import { type DatabaseHandle } from '../infrastructure/db/database';
import { type KeyValueStore } from '../infrastructure/kv';
import jobsPlugin, { type JobsPluginOptions } from './jobs/jobs.plugin';
import { announcementsRoutes } from '../modules/announcements/announcements.routes';
import { downloadsRoutes } from '../modules/downloads/downloads.routes';
import { accessKeyRoutes } from '../modules/access-keys/access-keys.routes';
import memosPlugin from './plugins/memos';
import authPlugin from '../modules/auth/auth.plugin';
import { authRoutes } from '../modules/auth/auth.routes';
import { signUpWithReferral } from '../flows/sign-up-with-referral';
import { refundFirstCloudPcOrder, settleRefund } from '../flows/refund-order';
import { applyVerifiedPayment } from '../flows/apply-payment';
import { securityRoutes } from '../modules/auth/security.routes';
import { devJobsRoutes } from './jobs/dev-jobs.routes';
import { devOutboxRoutes } from '../modules/dev-outbox/dev-outbox.routes';
import { healthRoutes } from '../modules/health/health.routes';
import codesPlugin from '../modules/sms/codes.plugin';
import paymentsPlugin from '../modules/payments/payments.plugin';
import { sessionsPlugin } from '../modules/sessions/sessions.plugin';
import { sessionsRoutes } from '../modules/sessions/sessions.routes';
import { sessionHistoryRoutes } from '../modules/sessions/session-history.routes';
import { smsRoutes } from '../modules/sms/sms.routes';
import { userRoutes } from '../modules/users/users.routes';
import { profileRoutes } from '../modules/profile/profile.routes';
import { locationRoutes } from '../modules/location/location.routes';
import { newsRoutes } from '../modules/news/news.routes';
import { searchRoutes } from '../modules/search/search.routes';
import { wxmpRoutes } from '../modules/wxmp/wxmp.routes';
import { pricingRoutes } from '../modules/pricing/pricing.routes';
import { orderRoutes } from '../modules/orders/orders.routes';
import { paymentRoutes } from '../modules/payments/payments.routes';
import { sandboxRoutes } from '../modules/payments/sandbox/sandbox.routes';
import { referralRoutes } from '../modules/referrals/referrals.routes';
import { cloudPcRoutes } from '../modules/cloud-pc/cloud-pc.routes';
import { grantedMachines, runningMachines } from '../modules/cloud-pc';
import { provideCloudPcMachines } from '../modules/fulfilment';
import { supportRoutes } from '../modules/support/support.routes';
import { findOrder } from '../modules/orders';
import { passkeyRoutes } from '../modules/passkeys/passkeys.routes';
import { deviceRoutes } from '../modules/devices/devices.routes';
import { redeemRoutes } from '../modules/redeem/redeem.routes';
import { seatRoutes } from '../modules/seats/seats.routes';
import { monitorWallRoutes } from '../modules/monitor-walls/monitor-walls.routes';
import { type AdminRouteTable } from '../modules/admin';
import { type OwnsDevice } from '../modules/monitor-walls';
import { canUseDevice, hasDeviceAbroad, isDeviceOwner } from '../modules/devices';
import { alertsRoutes } from '../modules/sessions/alerts.routes';
import { organisationRoutes } from '../modules/organisations';
import { heldSeatEnds } from '../modules/seats';
import closingPlugin from './plugins/closing';
import { staffRoutes } from './staff-routes';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import devOnlyPlugin from './plugins/dev-only';
import errorsPlugin, { clientErrorHandler, frameworkErrorHandler } from './plugins/errors';
import i18nPlugin from './plugins/i18n';
import kvPlugin from './plugins/kv';
import openapiPlugin from './plugins/openapi';
import requestIdPlugin, { genReqId } from './plugins/request-id';
import { RequestLogController } from './plugins/request-log';
import securityHeadersPlugin from './plugins/security-headers';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** Ready-made resources to use instead of opening them from config (tests, benchmarks). */
export interface AppDeps {
  database?: DatabaseHandle;
  /** With `database`: the handle the connection-record events write on (plugins/db.ts). */
  eventsDatabase?: DatabaseHandle;
  kv?: KeyValueStore;
  redis?: Redis;
  /** Another job runner or other jobs than the database and config call for (tests). */
  jobs?: JobsPluginOptions;
  /** Whether a user owns a device (or has it shared to them): the device module's check once it exists. */
  ownsDevice?: OwnsDevice;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): unknown };
}

/** Fastify takes a hop count at run time but not in its types; a function says the same. */
function trustProxyOption(value: TTrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Builds the API without listening. Loading order is the architecture: external plugins,
 * then the app's cross-cutting plugins, then feature routes. Callers may add routes before
 * `await app.ready()` (tests do).
 */
export function buildApp(config: AppConfig, deps: AppDeps = {}): App {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
        censor: '[redacted]',
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId,
    // the request lines at debug, or info for a failed or slow one (plugins/request-log.ts)
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // Refusals made before the error handler exists for a request: still the envelope.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // requests that arrive while closing are served, with Connection: close (plugins/closing.ts, ADR 0026)
    return503OnClosing: false,
    // Migrating and seeding a new database, or waiting while another instance does, takes
    // longer than Fastify's default 10 s on a busy machine.
    pluginTimeout: 180_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // answers written from JSON Schema; the test suites also run zod's and compare (lib/fast-serializer.ts)
  app.setSerializerCompiler(fastSerializerCompiler({ check: config.nodeEnv === 'test' }));
  // fulfilment grants and takes back cloud PCs through cloud-pc's functions: cloud-pc stands on
  // fulfilment, so it cannot import them (ADR 0038)
  provideCloudPcMachines(grantedMachines);

  // External
  app.register(openapiPlugin);
  app.register(cookie);

  // App plugins
  app.register(configPlugin, { config });
  app.register(requestIdPlugin);
  // headers every answer carries, set as the request arrives: before any hook that may answer it
  app.register(securityHeadersPlugin);
  app.register(i18nPlugin);
  // before errors: a refused neighbour gets the 404 of an unknown path, never the 405 that
  // would say the path exists
  app.register(devOnlyPlugin);
  app.register(errorsPlugin);
  app.register(closingPlugin);
  app.register(dbPlugin, {
    autoMigrate: config.autoMigrate,
    ...(deps.database ? { database: deps.database } : {}),
    ...(deps.eventsDatabase ? { eventsDatabase: deps.eventsDatabase } : {}),
  });
  app.register(kvPlugin, { ...(deps.kv ? { kv: deps.kv } : {}), ...(deps.redis ? { redis: deps.redis } : {}) });
  app.register(memosPlugin);
  app.register(authPlugin);
  app.register(codesPlugin);
  app.register(paymentsPlugin);
  app.register(sessionsPlugin);

  // Routes
  app.register(healthRoutes);
  app.register(authRoutes, { signUp: signUpWithReferral });
  app.register(securityRoutes);
  app.register(smsRoutes);
  app.register(userRoutes, { heldSeatEnds, deviceAbroad: hasDeviceAbroad });
  app.register(profileRoutes);
  app.register(accessKeyRoutes);
  app.register(devOutboxRoutes);
  app.register(devJobsRoutes);
  app.register(downloadsRoutes);
  app.register(newsRoutes);
  app.register(announcementsRoutes);
  app.register(searchRoutes);
  app.register(locationRoutes);
  app.register(wxmpRoutes);
  app.register(pricingRoutes);
  app.register(orderRoutes);
  app.register(paymentRoutes, { applyPayment: applyVerifiedPayment, settleRefund });
  app.register(sandboxRoutes);
  app.register(referralRoutes);
  app.register(cloudPcRoutes, {
    refundFirstOrder: (userId, machineId) =>
      refundFirstCloudPcOrder({ db: app.db, providers: app.paymentProviders, kv: app.kv }, userId, machineId),
  });
  app.register(supportRoutes, { orderOf: findOrder });
  app.register(passkeyRoutes);
  app.register(deviceRoutes, { runningMachines });
  app.register(sessionsRoutes);
  app.register(sessionHistoryRoutes);
  app.register(redeemRoutes);
  app.register(monitorWallRoutes, { ownsDevice: deps.ownsDevice ?? canUseDevice });
  const adminRouteTable: AdminRouteTable = new Map();
  app.decorate('adminRouteTable', adminRouteTable);
  app.register(staffRoutes, { table: adminRouteTable });
  app.register(seatRoutes, { ownsDevice: deps.ownsDevice ?? canUseDevice });
  app.register(alertsRoutes, { ownsDevice: isDeviceOwner });
  app.register(organisationRoutes);

  // Background work, started once everything above is ready
  app.register(jobsPlugin, deps.jobs ?? {});

  return app;
}
