import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

/**
 * Internal links with Mantine's look, typed by the router: a path that does not exist or a missing
 * parameter is a type error (TanStack Router's createLink, as in its Mantine example).
 */
type AnchorLinkProps = Omit<AnchorProps, 'href'> & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'color' | 'style'>;
const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorLinkProps>((props, ref) => <Anchor ref={ref} {...props} />);
export const AnchorLink: LinkComponent<typeof MantineAnchor> = createLink(MantineAnchor);

type ButtonLinkProps = Omit<ButtonProps, 'href'> & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'color' | 'style'>;
const MantineButtonAnchor = forwardRef<HTMLAnchorElement, ButtonLinkProps>((props, ref) => <Button component="a" ref={ref} {...props} />);
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = createLink(MantineButtonAnchor);

/** A plain <a> with the router's typing, for links styled by a CSS module. */
const PlainAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <a ref={ref} {...props} />);
export const PlainLink: LinkComponent<typeof PlainAnchor> = createLink(PlainAnchor);
