import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, List, Stack, Text } from '@mantine/core';

/** The ten recovery codes, shown this once (only their hashes are kept), with what to do with them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useLingui();
  return (
    <Alert color="green" w="100%" title={t`Ihre Wiederherstellungscodes`}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>
            Bewahren Sie diese Codes sicher auf, getrennt von Ihrem Telefon (ausgedruckt oder in einem Passwort-Manager). Jeder Code
            funktioniert einmal anstelle des Codes aus der App. Sie werden nur jetzt angezeigt.
          </Trans>
        </Text>
        <List ff="monospace" spacing={2} aria-label={t`Wiederherstellungscodes`}>
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Button variant="light" size="xs" onClick={onDone}>
          <Trans>Ich habe die Codes aufbewahrt</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
