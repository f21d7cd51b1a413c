import { accountRouter } from './account/router';
import { auditRouter } from './audit/router';
import { authRouter } from './auth/router';
import { blogRouter } from './blog/router';
import { messagesAdminRouter } from './contact/admin-router';
import { contactRouter } from './contact/router';
import { donationsRouter } from './donations/router';
import { donationsAdminRouter } from './donations/admin-router';
import { newsletterRouter } from './newsletter/router';
import { ordersRouter } from './orders/router';
import { shopRouter } from './shop/router';
import { siteRouter } from './site/router';
import { router } from './trpc';
import { withdrawalsRouter } from './withdrawals/router';

/** The whole API. Every domain router is mounted here under its short name. */
export const appRouter = router({
  account: accountRouter,
  audit: auditRouter,
  auth: authRouter,
  blog: blogRouter,
  contact: contactRouter,
  donations: donationsRouter,
  donationsAdmin: donationsAdminRouter,
  messagesAdmin: messagesAdminRouter,
  newsletter: newsletterRouter,
  orders: ordersRouter,
  shop: shopRouter,
  site: siteRouter,
  withdrawals: withdrawalsRouter,
});

export type AppRouter = typeof appRouter;
