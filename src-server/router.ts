import { authRouter } from './auth/router';
import { blogRouter } from './blog/router';
import { newsletterRouter } from './newsletter/router';
import { siteRouter } from './site/router';
import { router } from './trpc';

/** The whole API. Every domain router is mounted here under its short name. */
export const appRouter = router({
  auth: authRouter,
  blog: blogRouter,
  newsletter: newsletterRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
