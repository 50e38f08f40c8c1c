import { z } from 'zod';

// Every schema of the contracts takes zod from here, so this runs before the first one is built
// (package.json lists this file as having side effects, or a bundler would skip the re-export).
// In a browser zod would probe whether it may compile validators (`new Function('')`) as soon as
// an object schema is created; the web's Content-Security-Policy allows no eval, so the probe is
// refused and reported as a violation on every page that loads a schema. The few answers a page
// checks need no compiled validators; the API (no window) keeps them.
if ('window' in globalThis) z.config({ jitless: true });

export { z };
