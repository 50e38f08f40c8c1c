import 'server-only';

// Whether a page request comes from this machine, for development-only pages (/dev/outbox).
// The web's server (server.mjs → server/dev-only.mjs) sets x-llk-peer on every request from
// the socket's peer and the believed client address, replacing anything a visitor sent.
// `next dev` (npm run dev, loopback-only unless HOST says otherwise) has no such server: there
// the client address Next filled in decides. Anything else is a visitor from elsewhere.

export const PEER_HEADER = 'x-llk-peer';

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

export function isLocalVisitor(headers: Headers, nodeEnv = process.env.NODE_ENV): boolean {
  const peer = headers.get(PEER_HEADER);
  if (peer !== null) return peer === 'loopback';
  if (nodeEnv !== 'development') return false;
  const client = headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
  return LOOPBACK.test(client);
}
