import { useLingui } from '@lingui/react/macro';
import { Container } from '@mantine/core';
import { PlainLink } from '@client/components/links';
import { ADMIN_LINKS } from './admin-links';
import classes from './AdminNav.module.css';

/**
 * The navigation of every admin page (the _admin layout shows it above each one): one link per admin
 * screen. The router marks the link of the page shown, or of the section it belongs to (a newsletter's
 * page under "Newsletter"), with aria-current="page", and the style follows that attribute.
 */
export function AdminNav() {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Verwaltung`} className={classes.bar} data-testid="admin-nav">
      <Container size="lg">
        <ul className={classes.list}>
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <PlainLink to={link.to} className={classes.link} activeOptions={{ includeSearch: false }}>
                {i18n._(link.label)}
              </PlainLink>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}
