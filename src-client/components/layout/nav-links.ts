import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FileRouteTypes } from '@client/routeTree.gen';

/** A link of the menus and the footer; `to` must be a page of the route tree (a typo is a type error). */
export type NavLink = { to: FileRouteTypes['to']; label: MessageDescriptor };

/** The main links of the top navigation. */
export const MAIN_LINKS: NavLink[] = [
  { to: '/project', label: msg`Projekt` },
  { to: '/how-it-works', label: msg`So funktioniert's` },
  { to: '/blog', label: msg`Blog` },
  { to: '/about', label: msg`Über uns` },
];

/** The links behind "Mehr". */
export const MORE_LINKS: NavLink[] = [
  { to: '/why-schoolbox-works', label: msg`Warum SchoolBox funktioniert` },
  { to: '/facts-and-figures', label: msg`Fakten & Zahlen` },
  { to: '/partnership', label: msg`Partnerschaft` },
  { to: '/support', label: msg`Unterstützen` },
  { to: '/contact', label: msg`Kontakt` },
  { to: '/shop', label: msg`Shop` },
];

export const DONATE_LINK: NavLink = { to: '/spenden', label: msg`Spenden` };

/** The footer's quick links. */
export const FOOTER_LINKS: NavLink[] = [
  { to: '/', label: msg`Startseite` },
  ...MAIN_LINKS,
  { to: '/support', label: msg`Unterstützen` },
  { to: '/contact', label: msg`Kontakt` },
  { to: '/shop', label: msg`Shop` },
];

/** The legal links of every page's footer (§ 5 DDG: "unmittelbar erreichbar", plain links). */
export const LEGAL_LINKS: NavLink[] = [
  { to: '/impressum', label: msg`Impressum` },
  { to: '/datenschutz', label: msg`Datenschutz` },
];

/** The shop's legal links, shown beside them while the shop takes orders or keeps orders it took (ADR 055). */
export const SHOP_LEGAL_LINKS: NavLink[] = [
  { to: '/agb', label: msg`AGB` },
  { to: '/widerruf', label: msg`Widerrufsbelehrung` },
  { to: '/widerruf/erklaeren', label: msg`Vertrag widerrufen` },
];

/** Whether the page at `pathname` is the link's page or one below it (as the router marks a link active). */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
