import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from './-components/home/HomePage';

// The home page keeps the site's full title and description, set by the root route.
export const Route = createFileRoute('/')({
  component: HomePage,
});
