import { MAIL_KIND_REPLIES_TO_TEAM } from './kinds';

/**
 * What every mail the site sends says of itself: nobody wrote it by hand (RFC 3834 `Auto-Submitted`, and
 * Exchange's and Outlook's own `X-Auto-Response-Suppress`), so no vacation notice or auto-reply answers
 * it — such an answer would reach the team's inbox through Reply-To, or bounce around MAIL_FROM. A
 * newsletter is auto-generated too (RFC 3834 § 5); its List-Unsubscribe headers stay as they are.
 */
export const AUTOMATIC_MAIL_HEADERS = {
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'OOF, AutoReply',
} as const;

/**
 * The headers a queued mail goes out with: the automatic ones, Reply-To: the team's inbox for the kinds
 * whose replies are questions for a person (kinds.ts), and over both the headers it was queued with (a
 * contact message's Reply-To is its sender, a newsletter's List-Unsubscribe its subscriber's). One rule
 * for every mail, applied as it is sent, so a mail queued before a change gets it too.
 */
export function outgoingHeaders(kind: string, queued: Record<string, string>, teamInbox: string): Record<string, string> {
  const repliesToTeam =
    Object.hasOwn(MAIL_KIND_REPLIES_TO_TEAM, kind) && MAIL_KIND_REPLIES_TO_TEAM[kind as keyof typeof MAIL_KIND_REPLIES_TO_TEAM];
  return { ...AUTOMATIC_MAIL_HEADERS, ...(repliesToTeam ? { 'Reply-To': teamInbox } : {}), ...queued };
}
