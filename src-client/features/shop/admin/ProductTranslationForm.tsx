import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Image, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productTranslationInputSchema, type ProductTranslationRow } from '@shared/schemas/shop';
import { showToast } from '@client/components/feedback/toast';
import { failureToast } from '@client/i18n/error-messages';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';

/** The page's question "changed and not saved?" to each product's form (the page asks before it is left). */
export type DirtyChecks = Set<() => boolean>;

/**
 * One product of the translation table: the store's (German) name, and its English and French names as
 * the admins entered them. An empty field shows what the shop falls back to, as its placeholder.
 */
export function ProductTranslationForm({ row, dirtyChecks }: { row: ProductTranslationRow; dirtyChecks?: DirtyChecks }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.shop.saveTranslation.mutationOptions({
      // The table and the shop (every language) show the new names.
      onSettled: () => void queryClient.invalidateQueries(trpc.shop.pathFilter()),
    }),
  );
  const editor = useSchemaForm({
    schema: productTranslationInputSchema,
    initialValues: { productId: row.productId, names: { ...row.names } },
    onSubmit: async (data) => {
      const saved = await save.mutateAsync(data);
      editor.form.setValues({ productId: saved.productId, names: { ...saved.names } });
      editor.form.resetDirty();
      showToast({ color: 'green', title: t`Übersetzung gespeichert`, message: row.name });
    },
    onError: (error) => showToast(failureToast(i18n, t`Die Übersetzung konnte nicht gespeichert werden.`, error)),
  });
  const { form } = editor;
  useEffect(() => {
    if (!dirtyChecks) return;
    const check = () => form.isDirty();
    dirtyChecks.add(check);
    return () => void dirtyChecks.delete(check);
  }, [dirtyChecks, form]);

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      onSubmit={editor.submit}
      noValidate
      aria-label={row.name}
      data-testid="product-translation"
    >
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          {row.thumbnail && <Image src={row.thumbnail} alt="" w={48} h={48} fit="contain" radius="sm" />}
          <div>
            <Text fw={600} lang="de">
              {row.name}
            </Text>
            <Text size="xs" c="gray.7">
              <Trans>Name im Shop (Deutsch)</Trans> · {row.productId}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`Englisch`} lang="en" placeholder={row.fallbacks.en} {...editor.field('names.en')} />
          <TextInput label={t`Französisch`} lang="fr" placeholder={row.fallbacks.fr} {...editor.field('names.fr')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <SubmitButton form={editor} variant="light">
            <Trans>Speichern</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </Paper>
  );
}
