import { ZJsapiSignature, ZJsapiTicketQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { getJsapiSignature } from './wxmp.service';

export const wxmpRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = {
    apiBase: app.config.wx.apiBase,
    appId: app.config.wx.appId,
    appSecret: app.config.wx.appSecret,
    origins: [app.config.webOrigin, ...app.config.wx.shareOrigins],
  };

  app.get(
    '/wxMp/getJsapiTicket',
    {
      schema: {
        tags: ['share'],
        summary: 'JS-SDK share signature for a page of this site',
        description:
          '30001 (503) when sharing is not configured, 30002 (400) for a URL outside WEB_ORIGIN / WX_SHARE_ORIGINS, ' +
          '30003 (502) when the messaging platform fails. Never cached: every answer has a fresh nonce.',
        querystring: ZJsapiTicketQuery,
        response: envelopeResponses(ZJsapiSignature),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await getJsapiSignature({ kv: app.kv, config }, request.query.url));
    },
  );
};
