import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The four logo files in src-client/public/brand (made once from components/layout/Logo.tsx's sign). */
export type LogoVariant = {
  key: 'full' | 'mark' | 'mono' | 'dark';
  title: MessageDescriptor;
  text: MessageDescriptor;
  /** Background of the preview, so the variant shows as intended. */
  background: string;
  svg: string;
  png: string;
  /** Pixel size of the PNG file. */
  pngSize: { width: number; height: number };
};

export const LOGO_VARIANTS: LogoVariant[] = [
  {
    key: 'full',
    title: msg`Vollständiges Logo`,
    text: msg`Bildzeichen und Schriftzug – die erste Wahl für helle Hintergründe.`,
    background: '#ffffff',
    svg: '/brand/schoolbox-logo-full.svg',
    png: '/brand/schoolbox-logo-full.png',
    pngSize: { width: 1200, height: 300 },
  },
  {
    key: 'mark',
    title: msg`Bildzeichen`,
    text: msg`Der Container mit der Sonne allein – für App-Symbole, Profilbilder und kleine Flächen.`,
    background: '#f1f3f5',
    svg: '/brand/schoolbox-logo-mark.svg',
    png: '/brand/schoolbox-logo-mark.png',
    pngSize: { width: 512, height: 512 },
  },
  {
    key: 'mono',
    title: msg`Einfarbig`,
    text: msg`In einer einzigen Farbe – für Stempel, Gravuren und Druck mit nur einer Farbe.`,
    background: '#fff7ed',
    svg: '/brand/schoolbox-logo-mono.svg',
    png: '/brand/schoolbox-logo-mono.png',
    pngSize: { width: 1200, height: 300 },
  },
  {
    key: 'dark',
    title: msg`Für dunkle Hintergründe`,
    text: msg`Mit hellem Schriftzug – für dunkle Flächen und Fotos.`,
    background: '#1e293b',
    svg: '/brand/schoolbox-logo-dark.svg',
    png: '/brand/schoolbox-logo-dark.png',
    pngSize: { width: 1200, height: 300 },
  },
];

/** The logo's colours (the default orange theme of the site). */
export const BRAND_COLORS: { key: string; hex: string; name: MessageDescriptor }[] = [
  { key: 'orange', hex: '#C2410C', name: msg`Orange – Hauptfarbe` },
  { key: 'rust', hex: '#7C2D12', name: msg`Rostbraun – Tür und Akzente` },
  { key: 'sun', hex: '#FDE68A', name: msg`Sonnengelb – die Sonne` },
  { key: 'ink', hex: '#212529', name: msg`Anthrazit – Schriftzug` },
];

export const USAGE_RULES: { key: string; text: MessageDescriptor }[] = [
  { key: 'space', text: msg`Lassen Sie rund um das Logo einen Freiraum, der mindestens der halben Höhe des Bildzeichens entspricht.` },
  { key: 'size', text: msg`Zeigen Sie das vollständige Logo nicht kleiner als 120 Pixel oder 25 Millimeter breit.` },
  { key: 'unchanged', text: msg`Verzerren, drehen oder färben Sie das Logo nicht um, und fügen Sie keine Effekte wie Schatten hinzu.` },
  { key: 'dark', text: msg`Auf dunklen Flächen und unruhigen Fotos verwenden Sie die Variante für dunkle Hintergründe.` },
];
