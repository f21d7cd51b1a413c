import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { FOUNDATION_YEAR } from '@shared/constants';
import heroImage from '@client/assets/illustrations/partnership-hero.svg';
import { AnchorLink } from '@client/components/links';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { telHref } from '@client/lib/tel-href';
import classes from './brochure.module.css';
import {
  PARTNERSHIP_BENEFITS,
  PARTNERSHIP_CALL,
  PARTNERSHIP_HEADINGS,
  PARTNERSHIP_INTRO,
  PARTNERSHIP_SUCCESS,
  PARTNERSHIP_TYPES,
} from './partnership-content';

// Spec §9 marketing figures, as on the home page.
const KEY_FACTS = [
  { key: 'students', value: '90', label: msg`Schülerinnen und Schüler pro Schule` },
  { key: 'seats', value: '30', label: msg`Plätze pro Einheit` },
  { key: 'energy', value: '100 %', label: msg`Energieunabhängigkeit` },
  { key: 'founded', value: String(FOUNDATION_YEAR), label: msg`Gründungsjahr des Vereins` },
];

/**
 * /partnership/brochure: the partnership offer as a print-ready A4 brochure, built from the same texts
 * as /partnership, in the visitor's language. Printing (or saving as PDF) starts on click only.
 */
export function BrochurePage() {
  const { i18n } = useLingui();
  const { data: site } = useSiteConfig();
  return (
    <div className={classes.desk}>
      <div className={classes.toolbar}>
        <AnchorLink to="/partnership" fw={600} display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
          <IconArrowLeft size={16} aria-hidden />
          <Trans>Zurück zur Partnerschaftsseite</Trans>
        </AnchorLink>
        <Button
          size="md"
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => window.print()}
          data-testid="brochure-print-button"
        >
          <Trans>Drucken / als PDF speichern</Trans>
        </Button>
      </div>

      <article className={classes.sheet} aria-labelledby="brochure-title">
        <header className={classes.cover}>
          <img src="/brand/schoolbox-logo-full.svg" alt="SchoolBox" width={180} height={45} className={classes.logo} />
          <div>
            <div className={classes.eyebrow}>
              <Trans>Partnerschaftsbroschüre</Trans>
            </div>
            <h1 id="brochure-title" className={classes.title}>
              {i18n._(PARTNERSHIP_INTRO.title)}
            </h1>
          </div>
          <p>{i18n._(PARTNERSHIP_INTRO.lead)}</p>
          <img src={heroImage} alt="" width={640} height={420} className={classes.coverImage} />
          <dl className={classes.facts}>
            {KEY_FACTS.map((fact) => (
              <div key={fact.key} className={classes.fact}>
                <dt>{i18n._(fact.label)}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </header>

        <section className={`${classes.block} ${classes.pageBreak}`} aria-labelledby="brochure-benefits">
          <h2 id="brochure-benefits">{i18n._(PARTNERSHIP_HEADINGS.benefits)}</h2>
          <p>{i18n._(PARTNERSHIP_HEADINGS.benefitsIntro)}</p>
          <ul className={classes.grid} data-cols="2">
            {PARTNERSHIP_BENEFITS.map((benefit) => (
              <li key={benefit.key} className={classes.item} data-testid="brochure-benefit">
                <h3>{i18n._(benefit.title)}</h3>
                <p>{i18n._(benefit.text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={classes.block} aria-labelledby="brochure-types">
          <h2 id="brochure-types">{i18n._(PARTNERSHIP_HEADINGS.types)}</h2>
          <p>{i18n._(PARTNERSHIP_HEADINGS.typesIntro)}</p>
          <ul className={classes.types}>
            {PARTNERSHIP_TYPES.map((type) => (
              <li key={type.key} className={`${classes.item} ${classes.typeRow}`} data-testid="brochure-type">
                <div>
                  <h3>{i18n._(type.title)}</h3>
                  <p>{i18n._(type.summary)}</p>
                </div>
                <ul className={classes.features}>
                  {type.features.map((feature) => (
                    <li key={feature.id} data-testid="brochure-type-feature">
                      {i18n._(feature)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>

        <section className={classes.block} aria-labelledby="brochure-success">
          <h2 id="brochure-success">{i18n._(PARTNERSHIP_SUCCESS.title)}</h2>
          <p>{i18n._(PARTNERSHIP_SUCCESS.intro)}</p>
          <ol className={classes.grid} data-cols="3">
            {PARTNERSHIP_SUCCESS.points.map((point) => (
              <li key={point.key} className={classes.item} data-testid="brochure-success-point">
                <h3>{i18n._(point.title)}</h3>
                <p>{i18n._(point.text)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className={classes.contact} aria-labelledby="brochure-contact">
          <h2 id="brochure-contact">{i18n._(PARTNERSHIP_CALL.title)}</h2>
          <p>{i18n._(PARTNERSHIP_CALL.text)}</p>
          {site && (
            <address>
              {/* The configured association (ORG_NAME), as the footer, the Impressum and every mail name it:
                  a name, the same in every language (translate="no" for translation tools). */}
              <span translate="no">{site.orgName}</span>
              <br />
              {site.contact.address}
              <br />
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              <br />
              <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>
            </address>
          )}
        </section>
      </article>
    </div>
  );
}
