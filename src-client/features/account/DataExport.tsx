import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DATA_EXPORT_PATH } from '@shared/schemas/account';

/**
 * "Download my data": a plain link to the export (an HTTP GET with the session cookie that answers with
 * a file, export-route.ts), so it works before the page's script has loaded, or without it.
 */
export function DataExport() {
  return (
    <Button
      component="a"
      href={DATA_EXPORT_PATH}
      download
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      w="fit-content"
    >
      <Trans>Meine Daten herunterladen (JSON)</Trans>
    </Button>
  );
}
