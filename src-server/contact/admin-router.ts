import { type AdminMessage, type AdminMessageList, markMessageAnsweredSchema, messageListSchema } from '@shared/schemas/messages-admin';
import { requestActor } from '../audit/record';
import { adminProcedure, router } from '../trpc';
import { listMessagesForAdmin, markMessageAnswered } from './admin';

/** /messages-admin (admins only): the contact messages and marking one answered. */
export const messagesAdminRouter = router({
  /** A page of messages, newest first, all or only the answered or the waiting ones. */
  list: adminProcedure
    .input(messageListSchema)
    .query(({ ctx, input }): Promise<AdminMessageList> => listMessagesForAdmin(ctx.db, input.state, input.page)),

  /** Marks a message answered by the calling admin (audited as message.answered); a second time changes nothing. */
  markAnswered: adminProcedure
    .input(markMessageAnsweredSchema)
    .mutation(({ ctx, input }): Promise<AdminMessage> => markMessageAnswered(ctx.db, requestActor(ctx), input.id, ctx.clock.now())),
});
