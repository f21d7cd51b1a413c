import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type EmailLinkSuccessProps = {
  title: string;
  children: ReactNode;
  /** Where to go from here: a button link. */
  next: ReactNode;
  role?: 'status';
};

/** What the page of an e-mailed link shows once the link did its work: a green note and the way on. */
export function EmailLinkSuccess({ title, children, next, role }: EmailLinkSuccessProps) {
  return (
    <Stack>
      <Alert color="green" title={title} role={role}>
        {children}
      </Alert>
      {next}
    </Stack>
  );
}
