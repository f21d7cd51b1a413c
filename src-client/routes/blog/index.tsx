import { createFileRoute } from '@tanstack/react-router';

// The list itself is the /blog layout (route.tsx); a post opens above it at /blog/<slug>. A category's
// list is a page of its own (`/blog?category=Bildung`): its canonical address keeps the category. A post's
// address keeps none (the list's click carries the category only for the list below the dialog).
export const Route = createFileRoute('/blog/')({
  staticData: { addressSearch: ['category'] },
  component: () => null,
});
