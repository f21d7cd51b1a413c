import { authRouter } from './auth/router';
import { siteRouter } from './site/router';
import { router } from './trpc';

/** The whole API. Every domain router is mounted here under its short name. */
export const appRouter = router({
  auth: authRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
