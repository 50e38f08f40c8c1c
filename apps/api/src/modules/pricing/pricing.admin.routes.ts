import { ZAdminSkuList, ZAdminSkuParams, ZAdminSkuResult, ZAdminSkuUpdate } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { type Db } from '../../infrastructure/db/schema';
import { requestRevalidation } from '../../infrastructure/http/revalidate';
import { recordAudit } from '../../infrastructure/http/staff';
import { listSkusForStaff, updateSkuPrice } from './pricing.admin';

// SKUs and prices in fen (permission pricing.manage). The discount every page shows is derived
// from price and list price (toSkuPrice), never typed. A new price applies to orders created
// from then on: orders copy their amounts when they are made.

const permission = 'pricing.manage' as const;
const tags = ['admin'];

/**
 * `newsQuotingPrices` (the news module's: the promotions whose pages quote prices) is handed in by
 * the composition: the news read the prices, so pricing does not import news.
 */
export const pricingAdminRoutes: FastifyPluginAsyncZod<{ newsQuotingPrices(db: Db): Promise<number[]> }> = async (
  app,
  { newsQuotingPrices },
) => {
  app.get(
    '/admin/pricing/skus',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Every SKU, active or not, with price, list price and the derived discount',
        response: envelopeResponses(ZAdminSkuList),
      },
    },
    async () => ok(await listSkusForStaff(app.db)),
  );

  app.put(
    '/admin/pricing/skus/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Sets a SKU’s price and list price in fen (for new orders); the pricing page and promotions quoting it are refreshed',
        params: ZAdminSkuParams,
        body: ZAdminSkuUpdate,
        response: envelopeResponses(ZAdminSkuResult),
      },
    },
    async (request) => {
      const { reason, ...update } = request.body;
      const { after, quoting } = await app.db.transaction().execute(async (trx) => {
        const change = await updateSkuPrice(trx, request.params.id, { ...update });
        await recordAudit(trx, {
          staffId: request.staff?.staffId ?? null,
          action: 'pricing.sku.update',
          targetType: 'sku',
          targetId: request.params.id,
          ...change,
          ...(reason ? { reason } : {}),
          ip: request.ip,
        });
        return { ...change, quoting: await newsQuotingPrices(trx) };
      });
      const paths = ['/pricing', ...(quoting.length > 0 ? ['/news-1'] : []), ...quoting.map((id) => `/info-${id}`)];
      await app.contentCache.bump(); // the API's own answers (every instance's memory), then the web's pages
      return ok({ item: after, publication: await requestRevalidation(app.config.backOffice, paths, request.log) });
    },
  );
};
