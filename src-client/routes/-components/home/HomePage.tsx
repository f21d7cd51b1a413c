import { ContactCallToAction } from './ContactCallToAction';
import { FeatureCards } from './FeatureCards';
import { Hero } from './Hero';
import { ImpactSection } from './ImpactSection';

/** The start page: the hero, what a SchoolBox is, its impact and the way to get in touch. */
export function HomePage() {
  return (
    <>
      <Hero />
      <FeatureCards />
      <ImpactSection />
      <ContactCallToAction />
    </>
  );
}
