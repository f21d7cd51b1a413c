import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { TOOLTIP_OPEN_DELAY_MS } from '@shared/constants';
import { COLOR_THEME_PALETTES, COLOR_THEMES, colorThemeClass, DEFAULT_COLOR_THEME, type ColorThemeName } from './color-themes';

// Mantine's "dimmed" grey (input descriptions, placeholders) is too light on white for WCAG AA text.
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

type ColorThemeContextValue = { colorTheme: ColorThemeName; setColorTheme(name: ColorThemeName): void };
const ColorThemeContext = createContext<ColorThemeContextValue | null>(null);

/**
 * Mantine's provider with the active colour theme as primary colour. The choice lives in memory only
 * (spec: nothing persisted), and is mirrored as a class on <body> for CSS outside Mantine.
 */
export function ColorThemeProvider({ children }: { children: ReactNode }) {
  const [colorTheme, setColorTheme] = useState<ColorThemeName>(DEFAULT_COLOR_THEME);

  useEffect(() => {
    const classes = COLOR_THEMES.map(colorThemeClass);
    document.body.classList.remove(...classes);
    document.body.classList.add(colorThemeClass(colorTheme));
  }, [colorTheme]);

  const theme = useMemo(
    () =>
      createTheme({
        primaryColor: colorTheme,
        primaryShade: 6,
        colors: COLOR_THEME_PALETTES,
        fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        headings: { fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", fontWeight: '750' },
        defaultRadius: 'md',
        components: {
          Tooltip: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS } },
        },
      }),
    [colorTheme],
  );

  const value = useMemo(() => ({ colorTheme, setColorTheme }), [colorTheme]);
  return (
    <ColorThemeContext.Provider value={value}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariables}>
        {children}
      </MantineProvider>
    </ColorThemeContext.Provider>
  );
}

export function useColorTheme(): ColorThemeContextValue {
  const value = useContext(ColorThemeContext);
  if (!value) throw new Error('useColorTheme must be used within a ColorThemeProvider');
  return value;
}
