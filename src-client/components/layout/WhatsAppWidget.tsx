import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { startTransition, useEffect, useRef, useState, type CSSProperties } from 'react';
import { isWithinOfficeHours, type OfficeHours } from '@shared/office-hours';
import { buildWhatsAppLink } from '@shared/whatsapp';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { formatOfficeHours } from './format-office-hours';
import { useDetailsMenu } from './use-details-menu';
import classes from './WhatsAppWidget.module.css';

/** How far a phone visitor scrolls before the chat button appears (so it never covers the first screen's buttons). */
const PHONE_REVEAL_SCROLL_PX = 240;
/** Dark enough for white text (WCAG AA 4.5:1; Mantine's green.9 reaches 4.3:1): panel header, chat button, toggle. */
const WHATSAPP_DARK_GREEN = '#1c6b35';
const GREEN_VARIABLE = { '--whatsapp-green': WHATSAPP_DARK_GREEN } as CSSProperties;

/**
 * The floating WhatsApp chat button; expanded, it shows whether the team is online and starts a chat.
 * A `<details>` disclosure, so it opens without scripts; with them it also closes on Escape, a click
 * elsewhere and its close button. It is its own landmark (the open panel is a dialog outside the page's
 * main content). On phones it appears once the visitor has scrolled a little (by CSS where the browser
 * has scroll-driven animations, else by script): at the top of a page it would cover the first screen's
 * buttons. Admin pages have no chat button: there it would only cover row actions.
 */
export function WhatsAppWidget() {
  const { t, i18n } = useLingui();
  const { data: site } = useSiteConfig();
  const root = useRef<HTMLDetailsElement>(null);
  const disclosure = useDetailsMenu(root);
  const online = useOnlineStatus(site?.whatsapp.officeHours, site?.serverTime);
  const hasScrolled = useHasScrolled(PHONE_REVEAL_SCROLL_PX);
  const onAdminPage = useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/_admin') });
  if (!site || onAdminPage) return null;

  const link = buildWhatsAppLink(
    site.whatsapp.number,
    t`Hallo SchoolBox-Team, ich interessiere mich für euer Projekt und habe eine Frage.`,
  );
  const hours = formatOfficeHours(site.whatsapp.officeHours, i18n.locale);

  return (
    <aside
      className={classes.widget}
      data-testid="whatsapp-widget"
      data-scrolled={hasScrolled || undefined}
      data-expanded={disclosure.isOpen || undefined}
      aria-label={t`WhatsApp-Chat`}
    >
      {/* The summary comes first in the markup (and in the tab order); CSS puts the panel above it. */}
      <details ref={root} className={classes.disclosure} style={GREEN_VARIABLE} onToggle={disclosure.onToggle}>
        <summary className={classes.toggle} aria-label={t`WhatsApp-Chat`}>
          <IconBrandWhatsapp size={30} aria-hidden />
        </summary>
        <Paper shadow="lg" radius="lg" className={classes.panel} id="whatsapp-panel" role="dialog" aria-labelledby="whatsapp-title">
          <Group justify="space-between" className={classes.header} wrap="nowrap">
            <Stack gap={2}>
              <Text fw={700} id="whatsapp-title">
                <Trans>SchoolBox-Team</Trans>
              </Text>
              <Group gap={6} wrap="nowrap" data-testid="whatsapp-status" data-online={online}>
                <span className={classes.dot} data-online={online || undefined} aria-hidden />
                <Text size="sm">{online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}</Text>
              </Group>
            </Stack>
            <CloseButton
              onClick={() => {
                disclosure.close();
                root.current?.querySelector('summary')?.focus();
              }}
              aria-label={t`Chat schließen`}
              variant="transparent"
              c="white"
            />
          </Group>
          <Stack gap="sm" p="md">
            <Text size="sm">
              <Trans>Hallo! Wie können wir Ihnen helfen? Schreiben Sie uns auf WhatsApp.</Trans>
            </Text>
            <Text size="xs" c="gray.7">
              {online ? (
                <Trans>Wir antworten in der Regel innerhalb weniger Minuten.</Trans>
              ) : (
                // The hours are the team's clock (Cologne); a visitor elsewhere must not read them as their own.
                <Trans>Wir melden uns während unserer Bürozeiten: {hours} (deutsche Zeit).</Trans>
              )}
            </Text>
            <Button
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              color={WHATSAPP_DARK_GREEN}
              leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
            >
              <Trans>Chat starten</Trans>
            </Button>
          </Stack>
        </Paper>
      </details>
    </aside>
  );
}

/**
 * Whether the team is online. The first rendering, on the server and while hydrating, reads the time the
 * server answered (site.config's serverTime), so that both show the same; then this browser's clock,
 * read again every minute so the status changes when office hours begin or end.
 */
function useOnlineStatus(hours: OfficeHours | undefined, serverTime: string | undefined): boolean {
  const [now, setNow] = useState(() => (serverTime ? new Date(serverTime) : null));
  // start and stop are stable; the object around them is new on every rendering.
  const { start, stop } = useInterval(() => setNow(new Date()), 60_000);
  useEffect(() => {
    // A transition, like every update made right after hydration (ADR 049): not part of one long task.
    startTransition(() => setNow(new Date()));
    start();
    return stop;
  }, [start, stop]);
  return now && hours ? isWithinOfficeHours(now, hours) : false;
}

/** Whether the page is scrolled further than `threshold` pixels (false while rendering on the server). */
function useHasScrolled(threshold: number): boolean {
  const [hasScrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return hasScrolled;
}
