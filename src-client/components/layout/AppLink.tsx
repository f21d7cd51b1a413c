import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const Anchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <a ref={ref} {...props} />);

/**
 * A client-side link that also accepts pages built by later work (typed as plain strings), so
 * navigation, the menus and the footer can name every page of the site from the start; an unbuilt
 * page shows the 404 page. Usable as Mantine's `component` prop.
 */
const TypedAppLink = createLink(Anchor);
export const AppLink = TypedAppLink as unknown as (props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => React.ReactElement;
