import { ADMIN_MAX_PAGE } from '../constants';
import { z } from './zod';

/** The page of an admin list (orders, donations, messages, audit, subscribers); the first when left out. */
export const adminPageSchema = z.number().int().min(1).max(ADMIN_MAX_PAGE).default(1);
