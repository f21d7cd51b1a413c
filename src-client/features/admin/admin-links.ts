import { msg } from '@lingui/core/macro';
import type { NavLink } from '@client/components/layout/nav-links';

/**
 * The admin navigation (AdminNav), in the order an operator's day goes: what to publish, what to send,
 * what to fulfil, what came in, what to answer, and who did what. Every page of ADMIN_PAGES
 * (src-shared/routes.ts) is one of these or below one.
 */
export const ADMIN_LINKS: NavLink[] = [
  { to: '/blog-admin', label: msg`Blog` },
  { to: '/newsletter-admin', label: msg`Newsletter` },
  { to: '/orders-admin', label: msg`Bestellungen` },
  { to: '/shop-admin', label: msg`Produktnamen` },
  // "Spenden" alone is the public donate button ("Donate"); here it names the donations received.
  { to: '/donations-admin', label: msg({ message: 'Spenden', context: 'admin navigation' }) },
  { to: '/messages-admin', label: msg`Nachrichten` },
  { to: '/audit-admin', label: msg`Protokoll` },
];
