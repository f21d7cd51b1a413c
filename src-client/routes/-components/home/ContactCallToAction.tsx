import { Trans } from '@lingui/react/macro';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { ButtonLink } from '@client/components/links';
import classes from './home.module.css';

export function ContactCallToAction() {
  return (
    <section className={classes.section} aria-labelledby="cta-title">
      <Container size="md">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} className={classes.cta}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} id="cta-title">
              <Trans>Lassen Sie uns gemeinsam Schule machen</Trans>
            </Title>
            <Text c="gray.8" maw={560}>
              <Trans>
                Ob als Partnerorganisation, Unternehmen, Schule oder mit einer Spende: Erzählen Sie uns, wie Sie helfen möchten – wir melden
                uns schnell bei Ihnen.
              </Trans>
            </Text>
            <ButtonLink to="/contact" size="md" leftSection={<IconMessageCircle size={18} aria-hidden />}>
              <Trans>Kontakt aufnehmen</Trans>
            </ButtonLink>
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
