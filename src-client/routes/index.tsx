import { createFileRoute } from '@tanstack/react-router';
import { ContactCallToAction } from './-components/home/ContactCallToAction';
import { FeatureCards } from './-components/home/FeatureCards';
import { Hero } from './-components/home/Hero';
import { ImpactSection } from './-components/home/ImpactSection';

// The home page keeps the site's full title and description, set by the root route.
export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return (
    <>
      <Hero />
      <FeatureCards />
      <ImpactSection />
      <ContactCallToAction />
    </>
  );
}
