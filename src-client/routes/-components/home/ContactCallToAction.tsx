import { Trans } from '@lingui/react/macro';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './home.module.css';
import { ContactButton } from '@client/components/page/NextStepButtons';

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
            <ContactButton />
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
