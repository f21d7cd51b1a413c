import { msg } from '@lingui/core/macro';

/**
 * The privacy policy's title: its h1 and, through the route's pageHead, the document title. A file of
 * its own: the route's head is in every page's entry chunk, the policy's texts (50 KB) must not be.
 */
export const PRIVACY_TITLE = msg`Datenschutzerklärung`;
