import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showToast } from '@client/components/feedback/toast';
import { failureToast } from '@client/i18n/error-messages';
import { downloadTextFile } from '@client/lib/download-file';

export type CsvFile = { filename: string; csv: string };

/**
 * An admin screen's "export as CSV" button: fetches the file (the caller asks for a fresh copy, not kept
 * in the cache), hands it to the browser as a download, and says so when it failed. `afterwards` runs
 * either way (the audit screen reloads, since the export is an entry of its own).
 */
export function useCsvExport(fetchFile: () => Promise<CsvFile>, afterwards?: () => void) {
  const { t, i18n } = useLingui();
  const [isExporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const { filename, csv } = await fetchFile();
      downloadTextFile(filename, csv, 'text/csv;charset=utf-8');
    } catch (error) {
      showToast(failureToast(i18n, t`Der Export ist fehlgeschlagen.`, error));
    } finally {
      setExporting(false);
      afterwards?.();
    }
  }

  return { isExporting, exportCsv };
}
