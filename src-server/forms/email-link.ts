import { EMAIL_TOKEN_PATTERN } from '@shared/constants';
import { type FormName, LINK_TOKEN_FIELD, type NoticeKey } from '@shared/forms';
import { AppError } from '../app-error';
import type { AppCaller, FormAction, FormFields } from './form-action';

/**
 * The token of an e-mailed link as its page posted it: the hidden field, else the page's own address.
 * One that cannot be a token (cut short or mistyped in the mail program) is the same dead link as an
 * unknown or used one, as the page says it (EmailLinkPage), not a field the visitor could correct.
 */
export function linkToken(fields: FormFields, url: URL): string {
  const token = fields.get(LINK_TOKEN_FIELD) ?? url.searchParams.get('token') ?? '';
  if (!EMAIL_TOKEN_PATTERN.test(token.trim())) throw new AppError('TOKEN_INVALID', 'not an e-mail link token');
  return token;
}

/**
 * The button on the page of an e-mailed link that is taken on arrival with scripts (ADR 033): a GET never
 * confirms anything (mail scanners open every link), so without scripts the visitor presses it and the
 * page posts the token to its own address. `use` calls the procedure the page calls; on success the
 * browser is sent back to the same page (post/redirect/get), whose notice shows the outcome.
 */
export function emailLinkAction(
  path: string,
  form: FormName,
  notice: NoticeKey,
  use: (caller: AppCaller, token: string) => Promise<unknown>,
): FormAction {
  return {
    path,
    form,
    async run({ caller, fields, url }) {
      await use(caller, linkToken(fields, url));
      return { redirectTo: `${url.pathname}${url.search}`, notice };
    },
  };
}
