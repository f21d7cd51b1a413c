import { Trans } from '@lingui/react/macro';
import { Button, Code, Container, Stack, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';

/** The router's default error view (spec §8): 'Unexpected Application Error!' and the status or message. */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const status = errorStatus(error);
  return (
    <Container size="sm" py={80}>
      <Stack gap="md" role="alert">
        <Title order={1}>
          <Trans>Unexpected Application Error!</Trans>
        </Title>
        <Code block>{status ? String(status) : error instanceof Error ? error.message : String(error)}</Code>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
          w="fit-content"
        >
          <Trans>Erneut versuchen</Trans>
        </Button>
      </Stack>
    </Container>
  );
}

/** An HTTP-like status carried by the error (a Response-style `status` or a tRPC error's `data.httpStatus`). */
function errorStatus(error: unknown): number | undefined {
  const candidate = error as { status?: unknown; data?: { httpStatus?: unknown } } | null;
  const status = candidate?.status ?? candidate?.data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}
