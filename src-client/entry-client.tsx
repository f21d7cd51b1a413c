import '@fontsource-variable/inter/wght.css';
import './styles/mantine.css';
import './global.css';
import { i18n } from '@lingui/core';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isLocale } from '@shared/locales';
import { activateLocale } from './i18n/catalog';
import { createAppRouter } from './router';
import { createBrowserTrpc, createQueryClient } from './trpc';

// The language the server rendered; its catalog is preloaded, so this resolves at once.
const lang = document.documentElement.lang;
await activateLocale(i18n, isLocale(lang) ? lang : 'de');

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, trpc: createBrowserTrpc(queryClient), i18n });

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
);
