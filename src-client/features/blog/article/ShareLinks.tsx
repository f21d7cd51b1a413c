import { useLingui } from '@lingui/react/macro';
import { Anchor, Group, Text } from '@mantine/core';
import { IconBrandLinkedin, IconBrandMastodon, IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { shareLinks } from './share-links';

/** "Teilen": e-mail, WhatsApp, LinkedIn, Mastodon, as plain links. */
export function ShareLinks({ title, url }: { title: string; url: string }) {
  const { t } = useLingui();
  const links = shareLinks({ title, url });
  const items = [
    { key: 'email', href: links.email, label: t`E-Mail`, description: t`Per E-Mail teilen`, Icon: IconMail },
    { key: 'whatsapp', href: links.whatsapp, label: 'WhatsApp', description: t`Auf WhatsApp teilen`, Icon: IconBrandWhatsapp },
    { key: 'linkedin', href: links.linkedin, label: 'LinkedIn', description: t`Auf LinkedIn teilen`, Icon: IconBrandLinkedin },
    { key: 'mastodon', href: links.mastodon, label: 'Mastodon', description: t`Auf Mastodon teilen`, Icon: IconBrandMastodon },
  ];
  return (
    <Group component="nav" aria-label={t`Beitrag teilen`} gap="md" data-testid="share-links">
      <Text fw={500} size="sm" aria-hidden>
        {t`Teilen:`}
      </Text>
      {items.map(({ key, href, label, description, Icon }) => (
        <Anchor
          key={key}
          href={href}
          aria-label={description}
          size="sm"
          c="gray.8"
          // The e-mail program opens by itself; the other services open beside the post.
          {...(key === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <Icon size={18} aria-hidden />
            {label}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
