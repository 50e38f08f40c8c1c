import { ZJsapiSignature, ZJsapiTicketQuery, ZWxOpenId, ZWxOpenIdQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { getJsapiSignature, getOpenId } from './wxmp.service';

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

  app.get(
    '/wxMp/openId',
    {
      schema: {
        tags: ['payments'],
        summary: "The payer's openid for WeChat JSAPI payments (official-account OAuth code → openid)",
        description:
          'The WeChat browser page is opened through the OAuth redirect (scope snsapi_base), which adds `code`; the code is ' +
          'exchanged once at sns/oauth2/access_token. 20102 (400) when the code is invalid or used, 20103 (503) when ' +
          'WX_APP_ID/WX_APP_SECRET are not set, 30003 (502) when the messaging platform fails.',
        querystring: ZWxOpenIdQuery,
        response: envelopeResponses(ZWxOpenId),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await getOpenId(config, request.query.code));
    },
  );
};
