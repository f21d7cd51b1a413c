import { Trans } from '@lingui/react/macro';
import { ContactButton } from '@client/components/page/NextStepButtons';
import { PageCallToAction } from '@client/components/page/PageCallToAction';

/** The home page's closing invitation to get in touch. */
export function ContactCallToAction() {
  return (
    <PageCallToAction
      id="cta"
      title={<Trans>Lassen Sie uns gemeinsam Schule machen</Trans>}
      text={
        <Trans>
          Ob als Partnerorganisation, Unternehmen, Schule oder mit einer Spende: Erzählen Sie uns, wie Sie helfen möchten – wir melden uns
          schnell bei Ihnen.
        </Trans>
      }
    >
      <ContactButton />
    </PageCallToAction>
  );
}
