/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// A part of a catalog (scripts/vite-catalog-parts.ts).
declare module '*.po?public' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?private' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
