import { Trans } from '@lingui/react/macro';
import { IconArrowRight, IconHeart, IconMessageCircle } from '@tabler/icons-react';
import { ButtonLink } from '@client/components/links';

/** The buttons the pages end with, each with its one label and icon; the second of a pair is outlined. */
type NextStepProps = { variant?: 'filled' | 'outline' };

export function SupportButton({ variant = 'filled' }: NextStepProps) {
  return (
    <ButtonLink to="/support" size="md" variant={variant} leftSection={<IconHeart size={18} aria-hidden />}>
      <Trans>Jetzt unterstützen</Trans>
    </ButtonLink>
  );
}

export function ContactButton({ variant = 'filled' }: NextStepProps) {
  return (
    <ButtonLink to="/contact" size="md" variant={variant} leftSection={<IconMessageCircle size={18} aria-hidden />}>
      <Trans>Kontakt aufnehmen</Trans>
    </ButtonLink>
  );
}

export function ProjectButton({ variant = 'filled' }: NextStepProps) {
  return (
    <ButtonLink to="/project" size="md" variant={variant} rightSection={<IconArrowRight size={18} aria-hidden />}>
      <Trans>Projekt entdecken</Trans>
    </ButtonLink>
  );
}

export function HowItWorksButton({ variant = 'filled' }: NextStepProps) {
  return (
    <ButtonLink to="/how-it-works" size="md" variant={variant} rightSection={<IconArrowRight size={18} aria-hidden />}>
      <Trans>So funktioniert's</Trans>
    </ButtonLink>
  );
}
