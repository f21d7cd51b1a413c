import { z } from 'zod';
import { emailSchema, emailTokenSchema, localeSchema } from './auth';

export const subscribeSchema = z.object({ email: emailSchema, locale: localeSchema });
export const confirmSubscriptionSchema = z.object({ token: emailTokenSchema });
