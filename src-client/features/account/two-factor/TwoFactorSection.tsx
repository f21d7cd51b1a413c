import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TwoFactorSetup } from '@shared/schemas/two-factor';
import { loadFailed, QueryError } from '@client/components/feedback/QueryError';
import { showToast } from '@client/components/feedback/toast';
import { failureToast } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';
import { ConfirmSetupForm } from './ConfirmSetupForm';
import { ProofForm } from './ProofForm';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * "Zwei-Faktor-Anmeldung" on /account (ADR 041): set it up (a QR code the server draws, the secret to type
 * in), confirm with a code, keep the ten recovery codes shown once; later turn it off or renew the codes.
 * `sentHere`: the admin pages sent an admin here because ADMIN_2FA_REQUIRED asks for it.
 */
export function TwoFactorSection({ sentHere }: { sentHere: boolean }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.account.twoFactor.status.queryOptions());
  const startSetup = useMutation(trpc.account.twoFactor.startSetup.mutationOptions());
  const renew = useMutation(trpc.account.twoFactor.renewRecoveryCodes.mutationOptions());
  const disable = useMutation(trpc.account.twoFactor.disable.mutationOptions());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  // The status, and the session (an admin's "set up first" mark), follow every change.
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.account.twoFactor.status.queryFilter());
    await queryClient.invalidateQueries(trpc.auth.session.queryFilter());
  };

  async function begin() {
    try {
      setRecoveryCodes(null);
      setSetup(await startSetup.mutateAsync());
    } catch (error) {
      showToast(failureToast(i18n, t`Einrichtung nicht gestartet`, error));
    }
  }

  if (!status.data) return loadFailed(status) ? <QueryError query={status} /> : <Loader size="sm" aria-label={t`Wird geladen`} />;
  const { enabled, recoveryCodesLeft, required } = status.data;

  return (
    <Stack gap="md" align="flex-start">
      {(sentHere || required) && !enabled && (
        <Alert color="yellow" role="status" w="100%" title={t`Zwei-Faktor-Anmeldung erforderlich`}>
          <Trans>
            Für Administratorinnen und Administratoren ist die Zwei-Faktor-Anmeldung vorgeschrieben. Richten Sie sie hier ein; danach öffnen
            sich die Verwaltungsseiten wieder.
          </Trans>
        </Alert>
      )}

      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}

      {enabled ? (
        <>
          <Text>
            <Trans>
              Die Zwei-Faktor-Anmeldung ist eingeschaltet. Noch {recoveryCodesLeft} von 10 Wiederherstellungscodes sind unbenutzt.
            </Trans>
          </Text>
          <ProofForm
            label={t`Neue Wiederherstellungscodes erzeugen`}
            description={t`Die bisherigen Codes werden dabei ungültig.`}
            onSubmit={async (proof) => {
              const result = await renew.mutateAsync(proof);
              setRecoveryCodes(result.recoveryCodes);
              await refresh();
            }}
          />
          <ProofForm
            label={t`Zwei-Faktor-Anmeldung ausschalten`}
            description={t`Danach genügt wieder das Passwort allein.`}
            color="red.8"
            onSubmit={async (proof) => {
              await disable.mutateAsync(proof);
              setRecoveryCodes(null);
              await refresh();
              showToast({ color: 'green', title: t`Ausgeschaltet`, message: t`Die Zwei-Faktor-Anmeldung ist ausgeschaltet.` });
            }}
          />
        </>
      ) : setup ? (
        <ConfirmSetupForm
          setup={setup}
          onEnabled={async (codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
            await refresh();
          }}
        />
      ) : (
        !recoveryCodes && (
          <Button onClick={() => void begin()} loading={startSetup.isPending}>
            <Trans>Zwei-Faktor-Anmeldung einrichten</Trans>
          </Button>
        )
      )}
    </Stack>
  );
}
