import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Badge, Card, Group, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import { CardGrid } from '@client/components/page/CardGrid';
import { PageSection } from '@client/components/page/PageSection';
import { TEAM_ROLES } from './about-content';
import classes from './about.module.css';

/** Four team roles (founder, development, community, partners); clearly labelled as example profiles. */
export function TeamSection() {
  const { i18n } = useLingui();
  const theme = useMantineTheme();
  return (
    <PageSection
      id="team"
      title={<Trans>Unser Team</Trans>}
      intro={
        <Trans>
          Hinter SchoolBox steht ein kleines, überwiegend ehrenamtliches Team. Die vier Profile zeigen die Rollen in unserem Kernteam. Namen
          und Angaben sind Beispiele, bis sich die Teammitglieder hier selbst vorstellen.
        </Trans>
      }
    >
      <CardGrid cols={4}>
        {TEAM_ROLES.map((member) => (
          <Card key={member.key} withBorder radius="md" padding="lg" h="100%" data-testid="about-team">
            <Stack gap="sm">
              {/* The badge goes under the picture when both do not fit side by side (200 % text), instead of shrinking to "B…". */}
              <Group justify="space-between" align="flex-start">
                <Avatar radius="xl" size={48} variant="filled" color={theme.primaryColor} className={classes.avatar} aria-hidden>
                  {member.name.charAt(0)}
                </Avatar>
                <Badge variant="outline" color="gray" c="gray.8">
                  <Trans>Beispielprofil</Trans>
                </Badge>
              </Group>
              <div>
                <Title order={3} size="h4">
                  {member.name}
                </Title>
                <Text size="sm" fw={600} className={classes.role}>
                  {i18n._(member.role)}
                </Text>
              </div>
              <dl className={classes.teamFacts}>
                <dt>
                  <Trans>Hintergrund</Trans>
                </dt>
                <dd>{i18n._(member.background)}</dd>
                <dt>
                  <Trans>Schwerpunkt</Trans>
                </dt>
                <dd>{i18n._(member.focus)}</dd>
              </dl>
            </Stack>
          </Card>
        ))}
      </CardGrid>
    </PageSection>
  );
}
