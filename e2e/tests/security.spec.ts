import { expect, test } from '@playwright/test';

// The address the API sees for a visitor. The API believes the web (loopback) as its proxy, as
// under `npm start`; the web's server (apps/web/server.mjs) must never pass on an
// X-Forwarded-For the visitor made up, or every per-IP limit (code sends, log-in back-off)
// could be walked past by changing it.

const apiOrigin = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4310}`;
const SPOOFED = '1.0.1.1'; // an address in China in the bundled table

test('a made-up X-Forwarded-For through the web does not reach the API', async ({ request }) => {
  // control: a trusted proxy's header is believed (so the check below can fail)
  const direct = await request.get(`${apiOrigin}/location/info`, { headers: { 'x-forwarded-for': SPOOFED, 'accept-language': 'en' } });
  expect((await direct.json()).data.countryCode).toBe('CN');

  for (const forwarded of [SPOOFED, `${SPOOFED}, 8.8.8.8`]) {
    const viaWeb = await request.get('/api/location/info', {
      headers: { 'x-forwarded-for': forwarded, 'x-real-ip': SPOOFED, 'accept-language': 'en' },
    });
    expect(viaWeb.status()).toBe(200);
    // the visitor's real address is loopback here, which has no country
    expect((await viaWeb.json()).data).toEqual({ countryCode: null, countryName: null });
  }
});
