import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTACT_INQUIRY_TYPES, CONTACT_LIMITS } from '@shared/constants';
import { INQUIRY_TYPE_LABELS } from '@shared/contact-inquiry-types';
import { CONTACT_TOKEN_FIELD, type ContactFormValues, contactInput } from '@shared/form-inputs';
import { showToast } from '@client/components/feedback/toast';
import { PrivacyNotice } from '@client/features/legal/PrivacyNotice';
import { useLocale } from '@client/i18n/LocaleProvider';
import { appErrorCode, errorMessageFor } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { usePageNotice } from '@client/lib/forms/posted-form';
import { refusalToast } from '@client/lib/forms/refusal-toast';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import classes from './ContactForm.module.css';
import { useFormToken } from './use-form-token';

const EMPTY: ContactFormValues = { name: '', email: '', organization: '', inquiryType: '', subject: '', message: '', website: '' };

/**
 * The contact form (spec §5, §8): name, e-mail, subject and message are required; on success the form
 * is cleared and a thank-you shows. A hidden field and a timestamp the server signed when the form
 * appeared (useFormToken) help the server tell people from bots. Without scripts (or before they run)
 * it is a plain post to /contact (src-server/contact/form-actions.ts), which comes back with the same thank-you.
 */
export function ContactForm() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const send = useMutation(useTRPC().contact.send.mutationOptions());
  // After a plain post the server's redirect brings the thank-you with it.
  const [isSent, setSent] = useState(usePageNotice() === 'contact.sent');
  const formToken = useFormToken();

  const contact = useSchemaForm({
    name: 'contact',
    schema: () => import('@shared/schemas/contact').then((schemas) => schemas.contactMessageSchema),
    initialValues: EMPTY,
    toInput: (values) => contactInput(values, locale),
    // Spec §8's toast when a field is empty; a field only filled wrong (the e-mail address) is named at the field.
    onInvalid: (refusal) => showToast(refusalToast(i18n, refusal, msg`Bitte fülle alle Pflichtfelder aus.`)),
    onSubmit: async (data) => {
      await send.mutateAsync({ ...data, formToken: await formToken.ready() });
      contact.form.reset();
      setSent(true);
    },
    onError: (error) => {
      // A tab left open too long: the next try gets a new token; what was typed stays.
      if (appErrorCode(error) === 'FORM_EXPIRED') formToken.renew();
      // Spec §8: the server's message, or 'Bitte versuche es später erneut.' when there is none to show
      // (no connection to the server at all is said as such).
      const message = i18n._(errorMessageFor(error, msg`Bitte versuche es später erneut.`));
      showToast({ color: 'red', title: t`Fehler beim Senden`, message });
    },
  });
  const field = contact.field;

  return (
    <PostForm form={{ ...contact, name: 'contact' }} aria-label={t`Kontaktformular`}>
      <input type="hidden" name={CONTACT_TOKEN_FIELD} value={formToken.token} />
      <Stack gap="md">
        {isSent && (
          <Alert
            color="green"
            title={t`Vielen Dank für Ihre Nachricht!`}
            role="status"
            withCloseButton
            onClose={() => setSent(false)}
            closeButtonLabel={t`Schließen`}
            data-testid="contact-sent"
          >
            <Trans>
              Wir haben Ihre Nachricht erhalten und melden uns so bald wie möglich. Eine Bestätigung ist auf dem Weg in Ihr Postfach.
            </Trans>
          </Alert>
        )}
        <Group grow align="flex-start" className={classes.pair}>
          <TextInput label={t`Name`} autoComplete="name" required maxLength={CONTACT_LIMITS.name} {...field('name')} />
          <TextInput label={t`E-Mail`} type="email" autoComplete="email" required {...field('email')} />
        </Group>
        <Group grow align="flex-start" className={classes.pair}>
          <TextInput
            label={t`Organisation`}
            autoComplete="organization"
            maxLength={CONTACT_LIMITS.organization}
            {...field('organization')}
          />
          <NativeSelect
            label={t`Art der Anfrage`}
            required
            data={[
              { value: '', label: t`Bitte wählen` },
              ...CONTACT_INQUIRY_TYPES.map((type) => ({ value: type, label: i18n._(INQUIRY_TYPE_LABELS[type]) })),
            ]}
            {...field('inquiryType')}
          />
        </Group>
        <TextInput label={t`Betreff`} required maxLength={CONTACT_LIMITS.subject} {...field('subject')} />
        <Textarea label={t`Nachricht`} required rows={6} maxLength={CONTACT_LIMITS.message} {...field('message')} />
        {/* People never see this field; bots that fill every field give themselves away. */}
        <div className={classes.trap} aria-hidden="true">
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...field('website')} />
          </label>
        </div>
        <PrivacyNotice kind="contact" />
        <Group justify="flex-end">
          <SubmitButton form={contact}>
            <Trans>Nachricht senden</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </PostForm>
  );
}
