import { createFileRoute } from '@tanstack/react-router';
import { jsonLdTag, organizationJsonLd } from '@client/lib/head';
import { HomePage } from './-components/home/HomePage';

// The home page keeps the site's full title and description, set by the root route; it adds who we
// are and how to reach us for search engines (the root's loader has the site's settings in the cache).
export const Route = createFileRoute('/')({
  head: ({ match }) => {
    const { queryClient, trpc } = match.context;
    const site = queryClient.getQueryData(trpc.site.config.queryKey());
    if (!site) return { meta: [] };
    const contact = { email: site.contact.email, phone: site.contact.phone, address: site.orgAddress };
    return { meta: [jsonLdTag(organizationJsonLd(site.publicUrl, site.orgName, contact))] };
  },
  component: HomePage,
});
