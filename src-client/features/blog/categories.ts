// The labels live in src-shared: the server's feeds name categories in the reader's language too.
export { CATEGORY_LABELS, categoryLabel } from '@shared/blog-categories';
