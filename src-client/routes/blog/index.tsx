import { createFileRoute } from '@tanstack/react-router';

// The list itself is the /blog layout (route.tsx); a post opens above it at /blog/<slug>.
export const Route = createFileRoute('/blog/')({
  component: () => null,
});
