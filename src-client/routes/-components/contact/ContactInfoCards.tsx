import { Trans } from '@lingui/react/macro';
import { Anchor, Skeleton, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { CardGrid } from '@client/components/page/CardGrid';
import { InfoCard } from '@client/components/page/InfoCard';
import { useSiteConfig } from '@client/features/site/use-site-config';
import classes from './contact.module.css';
import { telHref } from '@client/lib/tel-href';

/** E-mail, phone and the association's name and address from the site settings (`site.config`), as mailto:/tel: links. */
export function ContactInfoCards() {
  const { data: site } = useSiteConfig();
  const contact = site?.contact;
  const pending = <Skeleton height={20} width="70%" />;
  return (
    <CardGrid cols={3}>
      <InfoCard icon={IconMail} title={<Trans>E-Mail</Trans>} data-testid="contact-info">
        {contact ? (
          <Anchor href={`mailto:${contact.email}`} className={classes.infoValue}>
            {contact.email}
          </Anchor>
        ) : (
          pending
        )}
      </InfoCard>
      <InfoCard icon={IconPhone} title={<Trans>Telefon</Trans>} data-testid="contact-info">
        {contact ? (
          <Anchor href={telHref(contact.phone)} className={classes.infoValue}>
            {contact.phone}
          </Anchor>
        ) : (
          pending
        )}
      </InfoCard>
      <InfoCard icon={IconMapPin} title={<Trans>Adresse</Trans>} data-testid="contact-info">
        {contact ? (
          <Text component="address" fs="normal" className={classes.infoValue} c="gray.9">
            {/* The configured association (ORG_NAME), as the footer, the Impressum and every mail name it:
                a name, the same in every language (translate="no" for translation tools). */}
            <span translate="no">{site?.orgName}</span>
            <br />
            {contact.address}
          </Text>
        ) : (
          pending
        )}
      </InfoCard>
    </CardGrid>
  );
}
