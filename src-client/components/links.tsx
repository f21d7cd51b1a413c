import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

/**
 * Internal links with Mantine's look, typed by the router: a path that does not exist or a missing
 * parameter is a type error (TanStack Router's createLink, as in its Mantine example).
 *
 * These are links in a page's content ("Zurück zum Blog" on a post, "Zurück zur Anmeldung" on
 * /auth/forgot): the router marks a link active (aria-current="page") when the page is at or *below* its
 * address, which would tell a screen reader that the link back leads to the current page. Here only the
 * page itself is current (`exact`); the navigation's links (PlainLink) keep the section's match.
 */
const CONTENT_LINK_ACTIVE = { exact: true } as const;

type AnchorLinkProps = Omit<AnchorProps, 'href'> & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'color' | 'style'>;
const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorLinkProps>((props, ref) => <Anchor ref={ref} {...props} />);
const RouterAnchor = createLink(MantineAnchor);
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <RouterAnchor activeOptions={CONTENT_LINK_ACTIVE} {...props} />;

type ButtonLinkProps = Omit<ButtonProps, 'href'> & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'color' | 'style'>;
const MantineButtonAnchor = forwardRef<HTMLAnchorElement, ButtonLinkProps>((props, ref) => <Button component="a" ref={ref} {...props} />);
const RouterButtonAnchor = createLink(MantineButtonAnchor);
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <RouterButtonAnchor activeOptions={CONTENT_LINK_ACTIVE} {...props} />
);

/** A plain <a> with the router's typing, for links styled by a CSS module (the navigation's). */
const PlainAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <a ref={ref} {...props} />);
export const PlainLink: LinkComponent<typeof PlainAnchor> = createLink(PlainAnchor);
