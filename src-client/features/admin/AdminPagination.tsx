import { useLingui } from '@lingui/react/macro';
import { Pagination } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';

type AdminPaginationProps = {
  /** What the pages are of, for the landmark's name ("Seiten der Bestellliste"). */
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
};

/** The page buttons under an admin list, in a named navigation landmark; nothing when one page holds all. */
export function AdminPagination({ label, page, total, pageSize, onChange }: AdminPaginationProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        mt="lg"
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? t`Vorherige Seite` : control === 'next' ? t`Nächste Seite` : undefined,
        })}
        getItemProps={(item) => ({ 'aria-label': t`Seite ${item}` })}
      />
    </nav>
  );
}
