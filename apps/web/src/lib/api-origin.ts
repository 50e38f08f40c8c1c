// Where the API listens, for server-side code (the /api forward, server components).
// Read at run time, so one build runs against any API: API_URL, else 127.0.0.1:API_PORT.
export function getApiOrigin(): string {
  const configured = process.env.API_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `http://127.0.0.1:${process.env.API_PORT || 4000}`;
}
