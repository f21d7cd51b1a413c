import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MantineColorsTuple } from '@mantine/core';

/**
 * The six colour themes of /color-theme. Shade 6 is the primary shade: it is dark enough for white
 * text on filled buttons and for links on white (WCAG AA, at least 4.5:1) in every theme.
 */
export const COLOR_THEMES = ['orange', 'warmRed', 'ocean', 'earth', 'purple', 'sun'] as const;
export type ColorThemeName = (typeof COLOR_THEMES)[number];
export const DEFAULT_COLOR_THEME: ColorThemeName = 'orange';

export const COLOR_THEME_PALETTES: Record<ColorThemeName, MantineColorsTuple> = {
  orange: ['#fff7ed', '#ffedd5', '#fed7aa', '#fdba74', '#fb923c', '#f97316', '#c2410c', '#9a3412', '#7c2d12', '#431407'],
  warmRed: ['#fef2f2', '#fee2e2', '#fecaca', '#fca5a5', '#f87171', '#ef4444', '#b91c1c', '#991b1b', '#7f1d1d', '#450a0a'],
  ocean: ['#ecfeff', '#cffafe', '#a5f3fc', '#67e8f9', '#22d3ee', '#06b6d4', '#0e7490', '#155e75', '#164e63', '#083344'],
  earth: ['#fbf7f3', '#f3e8dc', '#e6d0b8', '#d4b28e', '#c0926a', '#a9744d', '#8a5a36', '#6f4629', '#56361f', '#3a2414'],
  purple: ['#faf5ff', '#f3e8ff', '#e9d5ff', '#d8b4fe', '#c084fc', '#a855f7', '#7e22ce', '#6b21a8', '#581c87', '#3b0764'],
  sun: ['#fefce8', '#fef9c3', '#fef08a', '#fde047', '#facc15', '#eab308', '#a16207', '#854d0e', '#713f12', '#422006'],
};

export const COLOR_THEME_LABELS: Record<ColorThemeName, MessageDescriptor> = {
  orange: msg`Standard (Orange)`,
  warmRed: msg`Warmes Rot`,
  ocean: msg`Ozean`,
  earth: msg`Erde`,
  purple: msg`Lila`,
  sun: msg`Sonne`,
};

/** The class set on <body> for a theme, e.g. "theme-warm-red". */
export function colorThemeClass(name: ColorThemeName): string {
  return `theme-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
