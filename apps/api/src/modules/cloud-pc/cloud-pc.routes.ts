import {
  ZCloudPcAutoRenewRequest,
  ZCloudPcDeviceParams,
  ZCloudPcDeviceResult,
  ZCloudPcDevices,
  ZCloudPcInvoice,
  ZCloudPcInvoiceRequest,
  ZCloudPcInvoices,
  ZCloudPcPlans,
  ZCloudPcProviderRequest,
  ZCloudPcProviderResult,
  ZCloudPcRefundResult,
  ZCloudPcRenewRequest,
  ZCloudPcRenewResult,
  type TCloudPcDevice,
  type TOrderInfo,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { contentCached } from '../../infrastructure/content-cache';
import { orderSettingsOf } from '../orders';
import {
  applyAsProvider,
  cancelMachine,
  listDevices,
  listInvoices,
  listPlans,
  renewMachine,
  requestInvoice,
  setAutoRenew,
} from './cloud-pc.service';

// /cloudPc/*. Renting is POST /order/createV2 with a CLOUD_PC SKU (item type CLOUD_PC,
// an addition to the spec's MEMBER, MONITOR, CHANNEL, QUALITY); see apps/api/README.md "Cloud PC".

export interface CloudPcRouteOptions {
  /**
   * The first-order refund (POST /cloudPc/devices/{id}/refund): the refund-order flow, handed in
   * by the composition, since it refunds orders through payments (ADR 0039).
   */
  refundFirstOrder: (userId: string, machineId: string) => Promise<{ device: TCloudPcDevice; order: TOrderInfo }>;
}

export const cloudPcRoutes: FastifyPluginAsyncZod<CloudPcRouteOptions> = async (app, options) => {
  const settings = orderSettingsOf(app.config);
  const userId = (request: { user?: { userId: string } | null | undefined }) => request.user?.userId ?? '';
  // The caller's machines and invoices are personal: logged in only, never stored by a cache.
  const owner = {
    onRequest: app.requireUser,
    onSend: async (_request: unknown, reply: { header(name: string, value: string): unknown }, payload: unknown) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    },
  };

  app.get(
    '/cloudPc/plans',
    {
      schema: {
        tags: ['cloud-pc'],
        summary: 'Cloud-PC plans: CPU tiers (14 cores / 28 threads up to 52 cores / 104 threads), memory, storage and prices (fen)',
        description:
          'Each offer is a catalogue SKU of item type CLOUD_PC (CLOUD_PC_<PLAN>_<MONTH|YEAR>); rent one with POST /order/createV2 ' +
          '{ skuId } and pay it with POST /pay/payV2 like any order. Cached briefly.',
        response: envelopeResponses(ZCloudPcPlans),
      },
      // prices only, changed by the back office's pricing screen: answered from memory (lib/content-cache.ts)
      ...contentCached(app, { maxAge: 60, staleWhileRevalidate: 600 }),
    },
    async () => ok({ plans: await listPlans(app.db) }),
  );

  app.get(
    '/cloudPc/devices',
    {
      schema: {
        tags: ['cloud-pc'],
        summary: 'The caller’s cloud PCs (device list), newest first, released and expired ones too',
        description:
          'A machine appears here as soon as its order is paid (the fulfilment runs in the payment transaction). refundableUntil is ' +
          'set while the first-order refund is possible; pendingRenewalOrderId while a renewal order can still be paid.',
        response: envelopeResponses(ZCloudPcDevices),
      },
      ...owner,
    },
    async (request) => ok({ devices: await listDevices(app.db, userId(request)) }),
  );

  app.post(
    '/cloudPc/devices/:id/renew',
    {
      schema: {
        tags: ['cloud-pc'],
        summary: 'Renew a running cloud PC: its open renewal order, or a new one (default term: the machine’s)',
        description:
          'Pay the order with POST /pay/payV2; the payment extends the machine from max(now, expiry). 60101 not found, 60102 released.',
        params: ZCloudPcDeviceParams,
        body: ZCloudPcRenewRequest,
        response: envelopeResponses(ZCloudPcRenewResult),
      },
      ...owner,
    },
    async (request) => ok({ order: await renewMachine(app.db, settings, userId(request), request.params.id, request.body.timeUnit) }),
  );

  app.post(
    '/cloudPc/devices/:id/autoRenew',
    {
      schema: {
        tags: ['cloud-pc'],
        summary: 'Switch auto-renew of a running cloud PC on or off',
        description:
          'With auto-renew on, the renewal is due (and the device list says so) from 3 days before expiry. Billing cannot be paused: there is no pause call.',
        params: ZCloudPcDeviceParams,
        body: ZCloudPcAutoRenewRequest,
        response: envelopeResponses(ZCloudPcDeviceResult),
      },
      ...owner,
    },
    async (request) => ok({ device: await setAutoRenew(app.db, userId(request), request.params.id, request.body.enabled) }),
  );

  app.post(
    '/cloudPc/devices/:id/cancel',
    {
      schema: {
        tags: ['cloud-pc'],
        summary: 'Cancel a cloud PC: released immediately, the paid term is not refunded',
        params: ZCloudPcDeviceParams,
        response: envelopeResponses(ZCloudPcDeviceResult),
      },
      ...owner,
    },
    async (request) => ok({ device: await cancelMachine(app.db, userId(request), request.params.id) }),
  );

  app.post(
    '/cloudPc/devices/:id/refund',
    {
      schema: {
        tags: ['cloud-pc'],
        summary:
          'Refund the account’s first cloud-PC order within 15 minutes of payment (once), with every paid renewal; the machine is released',
        description:
          'The device list’s refundItems say what is paid back; an unpaid renewal order is cancelled. A machine released by a refund that did not go ' +
          'through can be refunded again later. 60103 when this is not the first order or nothing is left to refund, 60104 after the 15 minutes, 60102 when released.',
        params: ZCloudPcDeviceParams,
        response: envelopeResponses(ZCloudPcRefundResult),
      },
      ...owner,
    },
    async (request) => ok(await options.refundFirstOrder(userId(request), request.params.id)),
  );

  app.post(
    '/cloudPc/invoice',
    {
      schema: {
        tags: ['cloud-pc'],
        summary: 'Request an invoice from the seller for a paid cloud-PC order (one per order)',
        description:
          'Recorded against the order; the seller issues it. 60105 not a paid cloud-PC order of the caller, 60106 already requested, 60107 SPECIAL without taxId.',
        body: ZCloudPcInvoiceRequest,
        response: envelopeResponses(ZCloudPcInvoice),
      },
      ...owner,
    },
    async (request) => ok(await requestInvoice(app.db, userId(request), request.body, new Date(), request.locale)),
  );

  app.get(
    '/cloudPc/invoice',
    {
      schema: { tags: ['cloud-pc'], summary: 'The caller’s invoice requests, newest first', response: envelopeResponses(ZCloudPcInvoices) },
      ...owner,
    },
    async (request) => ok({ invoices: await listInvoices(app.db, userId(request)) }),
  );

  app.post(
    '/cloudPc/provider',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['cloud-pc'],
        summary: 'Provider (seller) sign-up: stored and acknowledged with a reference',
        description: 'No log-in needed; a phone or an email is. At most 5 per client IP per hour (42900).',
        body: ZCloudPcProviderRequest,
        response: envelopeResponses(ZCloudPcProviderResult),
      },
    },
    async (request) => {
      const session = await app.authenticate(request);
      return ok(
        await applyAsProvider({ db: app.db, kv: app.kv }, request.body, {
          ip: request.ip,
          locale: request.locale,
          userId: session?.userId,
        }),
      );
    },
  );
};
