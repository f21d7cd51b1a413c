import { z } from 'zod';

// In the browser, zod must not compile object schemas with new Function(): the CSP forbids it and the
// browser reports every attempt. The server keeps the faster compiled parsers. Every schema file imports
// z from here, so this runs before any schema is used, in the chunk that loads zod.
if (!import.meta.env.SSR) z.config({ jitless: true });

export { z };
