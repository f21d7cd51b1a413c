import { z } from './zod';

// Control characters (line breaks, tabs, …) in a one-line field become spaces: names and subjects go
// into mail headers, where a line break would start a header of the sender's choosing.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;
// In longer text, line breaks (as \n) and tabs stay; other control characters go.
const CONTROL_CHARACTERS_BUT_BREAKS = /(?![\n\t])[\p{Cc}\u2028\u2029]/gu;

/** One line of text, trimmed, at most `max` characters (add .min(1) where it is required). */
export const oneLineText = (max: number) =>
  z
    .string()
    .overwrite((value) => value.replace(CONTROL_CHARACTERS, ' '))
    .trim()
    .max(max);

/** Text with paragraphs (a message, a newsletter body), trimmed, line breaks as \n, at most `max` characters. */
export const multiLineText = (max: number) =>
  z
    .string()
    .overwrite((value) => value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS_BUT_BREAKS, ''))
    .trim()
    .max(max);
