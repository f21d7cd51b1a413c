import '@fontsource-variable/inter/wght.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from '@shared/constants';
import { AuthProvider } from './features/auth/AuthProvider';
import { CartProvider } from './features/cart/CartProvider';
import { ColorThemeProvider } from './features/theme/ColorThemeProvider';
import { LocaleProvider } from './i18n/LocaleProvider';
import { router } from './router';
import { queryClient } from './trpc';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ColorThemeProvider>
      <Notifications position="bottom-right" limit={NOTIFICATION_LIMIT} autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>
        <LocaleProvider>
          <AuthProvider>
            <CartProvider>
              <RouterProvider router={router} />
            </CartProvider>
          </AuthProvider>
        </LocaleProvider>
      </QueryClientProvider>
    </ColorThemeProvider>
  </StrictMode>,
);
