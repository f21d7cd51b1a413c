import { Trans } from '@lingui/react/macro';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { PlainLink } from '@client/components/links';
import type { NavLink } from './nav-links';
import classes from './MoreMenu.module.css';

const HOVER_OPEN_DELAY_MS = 100;
const HOVER_CLOSE_DELAY_MS = 300;

/**
 * The "Mehr" dropdown of the top navigation, as a disclosure (the pattern WAI-ARIA recommends for site
 * navigation): a button that shows or hides a list of links. It opens on click and on hover, closes
 * on Escape (focus back on the button), a click elsewhere, focus moving away or a chosen link.
 * No positioning library: the list hangs below the button by CSS.
 */
export function MoreMenu({ links }: { links: NavLink[] }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const hoverTo = (next: boolean) => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setOpen(next), next ? HOVER_OPEN_DELAY_MS : HOVER_CLOSE_DELAY_MS);
  };

  return (
    // Hover opens the list for mouse users and Escape closes it from anywhere inside; the button stays the
    // keyboard and touch control, so the wrapper needs no role of its own.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      ref={root}
      className={classes.root}
      onPointerEnter={(event) => event.pointerType === 'mouse' && hoverTo(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && hoverTo(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <UnstyledButton
        ref={button}
        className={classes.button}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          clearTimeout(hoverTimer.current);
          setOpen((value) => !value);
        }}
      >
        <Trans>Mehr</Trans>
        <IconChevronDown size={14} aria-hidden className={classes.chevron} data-open={open || undefined} />
      </UnstyledButton>
      <ul id={listId} className={classes.list} hidden={!open}>
        {links.map((link) => (
          <li key={link.to}>
            <PlainLink to={link.to} className={classes.item} onClick={() => setOpen(false)}>
              {i18n._(link.label)}
            </PlainLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
