/**
 * Where a post can be shared: plain links to each service's own share page, with the post's title and
 * address filled in. No third-party script, button or tracking pixel reaches our pages.
 */
export type ShareService = 'email' | 'whatsapp' | 'linkedin' | 'mastodon';

export function shareLinks(post: { title: string; url: string }): Record<ShareService, string> {
  const title = encodeURIComponent(post.title);
  const url = encodeURIComponent(post.url);
  const titleAndUrl = encodeURIComponent(`${post.title} ${post.url}`);
  return {
    email: `mailto:?subject=${title}&body=${url}`,
    // wa.me/?text= lets the reader pick the chat (WhatsApp's documented share link).
    whatsapp: `https://wa.me/?text=${titleAndUrl}`,
    // LinkedIn reads title and picture from the page's Open Graph tags; only the address is passed.
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    // Mastodon has no central site: Mastodon Share asks the reader for their own server, then opens its share form.
    mastodon: `https://mastodonshare.com/?text=${title}&url=${url}`,
  };
}
