import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '@client/lib/use-page-title';
import { ContactCallToAction } from './-components/home/ContactCallToAction';
import { FeatureCards } from './-components/home/FeatureCards';
import { Hero } from './-components/home/Hero';
import { ImpactSection } from './-components/home/ImpactSection';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  usePageTitle(null);
  return (
    <>
      <Hero />
      <FeatureCards />
      <ImpactSection />
      <ContactCallToAction />
    </>
  );
}
