import { useLingui } from '@lingui/react/macro';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { PlainLink } from '@client/components/links';
import { AccountLinks } from './AccountLinks';
import { MAIN_LINKS, MORE_LINKS } from './nav-links';
import classes from './PhoneMenu.module.css';
import { useDetailsMenu } from './use-details-menu';

/**
 * The phone menu: a `<details>` disclosure whose summary is the burger, so it opens and lists plain
 * links before any script runs (and without scripts at all). The list drops below the whole header
 * bar. With scripts it also closes on a link, Escape, a click elsewhere and a page change.
 */
export function PhoneMenu() {
  const { t, i18n } = useLingui();
  const root = useRef<HTMLDetailsElement>(null);
  const menu = useDetailsMenu(root);
  return (
    <details ref={root} className={classes.root} onToggle={menu.onToggle}>
      {/* The browser tells assistive technology whether the menu is open (the summary's expanded state). */}
      <summary className={classes.burger} aria-label={t`Menü`}>
        <IconMenu2 size={22} aria-hidden className={classes.openIcon} />
        <IconX size={22} aria-hidden className={classes.closeIcon} />
      </summary>
      <div id="mobile-menu" className={classes.menu} data-testid="mobile-menu">
        {[...MAIN_LINKS, ...MORE_LINKS].map((link) => (
          <PlainLink key={`${link.to}-${link.label.id}`} to={link.to} className={classes.link} onClick={menu.close}>
            {i18n._(link.label)}
          </PlainLink>
        ))}
        <AccountLinks onNavigate={menu.close} fullWidth />
      </div>
    </details>
  );
}
