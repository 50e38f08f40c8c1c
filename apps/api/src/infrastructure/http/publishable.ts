import { ZAdminContentIdParams } from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import { type Db } from '../db/schema';
import { envelopeResponses, ok } from './envelope';
import { requestRevalidation } from './revalidate';
import { creatorsOf, recordAudit } from './staff';

// The back office's publishable things (news and promotions, notices, releases) share one shape
// (this route factory, used by the news, announcements and downloads modules, ADR 0040):
// a keyset list, one item, create (unpublished), replace, publish / unpublish. Every change runs
// in one transaction with its audit record (and the item's search index where it has one); after
// the commit the public pages that show it are revalidated when the item is, or was, published.
// Each kind hands this factory its schemas, service functions and pages.

type Change<TItem> = { before: TItem; after: TItem };
type Schema = z.ZodType;

export interface PublishableKind<TItem extends { id: string; published: boolean }, TInput, TQuery> {
  /** '/admin/news' */
  path: string;
  /** The audit record's targetType and action prefix ('news' → news.create, news.publish, …). */
  noun: string;
  schemas: { query: z.ZodType<TQuery>; page: Schema; item: z.ZodType<TItem>; input: z.ZodType<TInput>; result: Schema };
  summaries: { list: string; get: string; create: string; update: string; publish: string; unpublish: string };
  list(db: Db, query: TQuery): Promise<unknown>;
  get(db: Db, id: string): Promise<TItem>;
  create(db: Db, input: TInput, now: Date): Promise<TItem>;
  update(db: Db, id: string, input: TInput, now: Date): Promise<Change<TItem>>;
  setPublished(db: Db, id: string, published: boolean, now: Date): Promise<Change<TItem>>;
  /** Rewrites the item's search postings (after an update or a publication change). */
  reindex?(db: Db, item: TItem): Promise<void>;
  /** The public pages that show the item. */
  pages(item: TItem): string[];
}

const permission = 'content.manage' as const;

/** A list page with each item's author (who created it, from the audit log; null for the seed's). */
async function withCreators(db: Db, noun: string, page: unknown): Promise<unknown> {
  const items = (page as { items?: { id: string }[] }).items;
  if (!Array.isArray(items)) return page;
  const creators = await creatorsOf(
    db,
    noun,
    items.map((item) => item.id),
  );
  return { ...(page as object), items: items.map((item) => ({ ...item, createdBy: creators.get(item.id) ?? null })) };
}
const tags = ['admin'];

export function publishableAdminRoutes<TItem extends { id: string; published: boolean }, TInput, TQuery>(
  kind: PublishableKind<TItem, TInput, TQuery>,
): FastifyPluginAsyncZod {
  const { path, noun, schemas, summaries } = kind;
  return async (app) => {
    // the API's own answers first (every instance's memory), then the web's pages, which read them
    const revalidate = async (item: TItem, request: FastifyRequest) => {
      await app.contentCache.bump();
      return requestRevalidation(app.config.backOffice, kind.pages(item), request.log);
    };
    const staffId = (request: FastifyRequest) => request.staff?.staffId ?? null;

    app.get(
      path,
      {
        config: { permission },
        schema: { tags, summary: summaries.list, querystring: schemas.query, response: envelopeResponses(schemas.page) },
      },
      // validated by schemas.query; the type provider only widens its type in a generic function
      async (request) => ok(await withCreators(app.db, noun, await kind.list(app.db, request.query as TQuery))),
    );

    app.get(
      `${path}/:id`,
      {
        config: { permission },
        schema: { tags, summary: summaries.get, params: ZAdminContentIdParams, response: envelopeResponses(schemas.item) },
      },
      async (request) => ok(await kind.get(app.db, request.params.id)),
    );

    app.post(
      path,
      {
        config: { permission },
        schema: { tags, summary: summaries.create, body: schemas.input, response: envelopeResponses(schemas.item) },
      },
      async (request) => {
        const item = await app.db.transaction().execute(async (trx) => {
          const created = await kind.create(trx, request.body as TInput, new Date());
          await recordAudit(trx, {
            staffId: staffId(request),
            action: `${noun}.create`,
            targetType: noun,
            targetId: created.id,
            after: created,
            ip: request.ip,
          });
          return created;
        });
        return ok(item);
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: { permission },
        schema: {
          tags,
          summary: summaries.update,
          params: ZAdminContentIdParams,
          body: schemas.input,
          response: envelopeResponses(schemas.result),
        },
      },
      async (request) => {
        const { before, after } = await app.db.transaction().execute(async (trx) => {
          const change = await kind.update(trx, request.params.id, request.body as TInput, new Date());
          await kind.reindex?.(trx, change.after);
          await recordAudit(trx, {
            staffId: staffId(request),
            action: `${noun}.update`,
            targetType: noun,
            targetId: change.after.id,
            ...change,
            ip: request.ip,
          });
          return change;
        });
        const publication =
          before.published || after.published ? await revalidate(after, request) : { revalidated: [], revalidateOk: true };
        return ok({ item: after, publication });
      },
    );

    for (const published of [true, false]) {
      app.post(
        `${path}/:id/${published ? 'publish' : 'unpublish'}`,
        {
          config: { permission },
          schema: {
            tags,
            summary: published ? summaries.publish : summaries.unpublish,
            params: ZAdminContentIdParams,
            response: envelopeResponses(schemas.result),
          },
        },
        async (request) => {
          const item = await app.db.transaction().execute(async (trx) => {
            const change = await kind.setPublished(trx, request.params.id, published, new Date());
            await kind.reindex?.(trx, change.after);
            await recordAudit(trx, {
              staffId: staffId(request),
              action: `${noun}.${published ? 'publish' : 'unpublish'}`,
              targetType: noun,
              targetId: change.after.id,
              before: { published: change.before.published },
              after: { published: change.after.published },
              ip: request.ip,
            });
            return change.after;
          });
          return ok({ item, publication: await revalidate(item, request) });
        },
      );
    }
  };
}
