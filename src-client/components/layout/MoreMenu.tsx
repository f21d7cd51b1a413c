import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from '@tanstack/react-router';
import { PlainLink } from '@client/components/links';
import { isLinkActive, type NavLink } from './nav-links';
import classes from './MoreMenu.module.css';
import { useDetailsMenu } from './use-details-menu';

const HOVER_OPEN_DELAY_MS = 100;
const HOVER_CLOSE_DELAY_MS = 300;

/**
 * The "Mehr" dropdown of the top navigation, a `<details>` disclosure: it opens and closes without
 * scripts, and its links are plain links. With scripts it also opens on hover (mouse), and the click
 * that usually follows the pointing keeps it open instead of closing it again; Escape, a click
 * elsewhere, focus moving away and a chosen link close it (useDetailsMenu). On one of its own pages
 * it shows as active, like a main link.
 */
export function MoreMenu({ links }: { links: NavLink[] }) {
  const { i18n } = useLingui();
  const root = useRef<HTMLDetailsElement>(null);
  const menu = useDetailsMenu(root);
  const pathname = useLocation({ select: (location) => location.pathname });
  const isActive = links.some((link) => isLinkActive(link, pathname));
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opened by pointing rather than by a click: leaving closes it, and the next click keeps it open.
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const hoverTo = (open: boolean) => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => {
        const details = root.current;
        if (!details || details.open === open) return;
        if (open) {
          openedByHover.current = true;
          details.open = true;
        } else if (openedByHover.current) menu.close();
      },
      open ? HOVER_OPEN_DELAY_MS : HOVER_CLOSE_DELAY_MS,
    );
  };

  const onSummaryClick = (event: MouseEvent) => {
    clearTimeout(hoverTimer.current);
    if (root.current?.open && openedByHover.current) {
      event.preventDefault();
      openedByHover.current = false;
    }
  };

  return (
    <details
      ref={root}
      className={classes.root}
      onToggle={(event) => {
        if (!event.currentTarget.open) openedByHover.current = false;
        menu.onToggle(event);
      }}
      onPointerEnter={(event) => event.pointerType === 'mouse' && hoverTo(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && hoverTo(false)}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is its disclosure's button (Biome does not know it) */}
      <summary className={classes.button} data-active={isActive || undefined} onClick={onSummaryClick}>
        <Trans>Mehr</Trans>
        <IconChevronDown size={14} aria-hidden className={classes.chevron} />
      </summary>
      <ul className={classes.list}>
        {links.map((link) => (
          <li key={link.to}>
            <PlainLink to={link.to} className={classes.item} onClick={menu.close}>
              {i18n._(link.label)}
            </PlainLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
