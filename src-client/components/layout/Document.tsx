import { useLingui } from '@lingui/react';
import { HeadContent, Scripts } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { LazyNotifications } from '@client/components/feedback/LazyNotifications';
import { AuthProvider } from '@client/features/auth/AuthProvider';
import { CartProvider } from '@client/features/cart/CartProvider';
import { colorThemeClass } from '@client/features/theme/color-themes';
import { ThemedMantineProvider, useColorTheme } from '@client/features/theme/ColorThemeProvider';
import { LocaleProvider } from '@client/i18n/LocaleProvider';
import { AppLayout } from './AppLayout';

/**
 * The whole HTML document, rendered by the server and hydrated by the browser. It is the root route's
 * shell: it stays in place for every page, the 404 page and the error view alike.
 */
export function Document({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const { colorTheme } = useColorTheme();
  // Marks the moment the page became interactive (browser tests wait for it before typing).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang={i18n.locale} data-mantine-color-scheme="light">
      <head>
        <HeadContent />
      </head>
      <body className={colorThemeClass(colorTheme)}>
        <ThemedMantineProvider>
          <LazyNotifications />
          <LocaleProvider>
            <AuthProvider>
              <CartProvider>
                <AppLayout>{children}</AppLayout>
              </CartProvider>
            </AuthProvider>
          </LocaleProvider>
        </ThemedMantineProvider>
        <Scripts />
      </body>
    </html>
  );
}
