import { createTheme, MantineProvider, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { TOOLTIP_OPEN_DELAY_MS } from '@shared/constants';
import { COLOR_THEME_PALETTES, DEFAULT_COLOR_THEME, type ColorThemeName } from './color-themes';

// Mantine's "dimmed" grey (input descriptions, placeholders) and its error red (field errors) are too
// light on white for WCAG AA text; the darker shades of the same colours pass.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

const FONT_FAMILY = "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

type ColorThemeContextValue = { colorTheme: ColorThemeName; setColorTheme(name: ColorThemeName): void };
const ColorThemeContext = createContext<ColorThemeContextValue | null>(null);

/**
 * The active colour theme of /color-theme. It lives in memory only (spec: nothing persisted), so every
 * page load — and every server render — starts with the default.
 */
export function ColorThemeProvider({ children }: { children: ReactNode }) {
  const [colorTheme, setColorTheme] = useState<ColorThemeName>(DEFAULT_COLOR_THEME);
  const value = useMemo(() => ({ colorTheme, setColorTheme }), [colorTheme]);
  return <ColorThemeContext.Provider value={value}>{children}</ColorThemeContext.Provider>;
}

export function useColorTheme(): ColorThemeContextValue {
  const value = useContext(ColorThemeContext);
  if (!value) throw new Error('useColorTheme must be used within a ColorThemeProvider');
  return value;
}

/** Mantine's theme with `colorTheme` as its primary colour. */
export function mantineTheme(colorTheme: ColorThemeName): MantineThemeOverride {
  return createTheme({
    primaryColor: colorTheme,
    primaryShade: 6,
    colors: COLOR_THEME_PALETTES,
    fontFamily: FONT_FAMILY,
    headings: { fontFamily: FONT_FAMILY, fontWeight: '750' },
    defaultRadius: 'md',
    // A visitor whose system asks for reduced motion gets dialogs, menus and toasts without their fade
    // and slide (WCAG 2.3.3); Mantine reads the media query after hydration, so rendering is unchanged.
    respectReducedMotion: true,
    components: {
      Tooltip: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS } },
      // A loader is named where it stands for content still coming ("Abonnenten werden gezählt"), but
      // Mantine renders it without a role, on which a name is not allowed (axe aria-prohibited-attr):
      // a status, which screen readers also announce.
      Loader: { defaultProps: { role: 'status' } },
      // A yellow alert's title is yellow on pale yellow, 2.7:1 (axe color-contrast): dark grey instead.
      // A plain object, not Alert.extend: that would put Alert into every page's first chunk.
      Alert: {
        styles: (_theme: unknown, props: { color?: string }) =>
          props.color === 'yellow' ? { title: { color: 'var(--mantine-color-dark-7)' } } : {},
      },
    },
  });
}

/**
 * Mantine with the active colour theme as its primary colour. Renders inside <body>.
 *
 * Mantine writes the theme's CSS variables as a <style> of 12 KB into every page it renders, and works
 * them out anew each time (3 % of a per-request rendering). Every page starts in the default theme, so
 * its variables are in the stylesheet instead (styles/theme-variables.css, kept equal to Mantine's own
 * output by tests/unit/theme-variables.test.ts), which the browser caches once for all pages. Only
 * another theme chosen on /color-theme has Mantine write its <style>, which then overrides them.
 */
export function ThemedMantineProvider({ children }: { children: ReactNode }) {
  const { colorTheme } = useColorTheme();
  const theme = useMemo(() => mantineTheme(colorTheme), [colorTheme]);
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={colorTheme !== DEFAULT_COLOR_THEME}
    >
      {children}
    </MantineProvider>
  );
}
