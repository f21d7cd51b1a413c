/**
 * The post dialog's code (Mantine's Modal, its overlay, scroll lock and scroll area: ≈ 35 KiB gzip in
 * 8 files), fetched only when a post is opened from the list. The article page, which the server renders
 * and the browser hydrates, never needs it. A module of its own: the route's loader (in every page's
 * entry) imports this line, not the post page.
 */
export const loadPostDialog = () => import('./PostDialog');
