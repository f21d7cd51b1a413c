import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { PageSection } from '@client/components/page/PageSection';
import { TRANSPARENCY_SHARES } from './support-content';
import classes from './support.module.css';

/** Where donations go: 89 % programmes, 7 % administration, 4 % fundraising. */
export function TransparencyBlock() {
  const { i18n } = useLingui();
  return (
    <PageSection
      id="transparency"
      size="md"
      title={<Trans>Transparenz: Wohin Ihr Geld fließt</Trans>}
      intro={
        <Trans>
          Von jedem gespendeten Euro fließen 89 Cent direkt in unsere Programme. Auch wofür wir den Rest verwenden, legen wir offen.
        </Trans>
      }
    >
      <div className={classes.bar} aria-hidden>
        {TRANSPARENCY_SHARES.map((share) => (
          <span key={share.key} className={classes.barPart} style={{ width: `${share.percent}%`, background: share.color }} />
        ))}
      </div>
      <dl className={classes.shares}>
        {TRANSPARENCY_SHARES.map((share) => (
          <div
            key={share.key}
            className={classes.share}
            style={{ '--share-color': share.color } as CSSProperties}
            data-testid="support-transparency-share"
          >
            <dt className={classes.shareLabel}>{i18n._(share.label)}</dt>
            <dd className={classes.shareValue}>{share.percent} %</dd>
          </div>
        ))}
      </dl>
      <Text size="sm" c="gray.7" mt="lg">
        <Trans>
          Unseren ersten Jahresbericht mit allen Einnahmen und Ausgaben veröffentlichen wir nach Abschluss unseres ersten vollen
          Geschäftsjahres.
        </Trans>
      </Text>
    </PageSection>
  );
}
