/**
 * A form's values carried over onto a newer stored version, after another admin changed it while the form
 * was open (EDIT_CONFLICT): each field the admin left as it was when the form opened (`loaded`) takes its
 * value from the newer version (`current`), so the other change stays (a post they hid stays hidden);
 * each field the admin changed keeps what was typed, and saving puts it over the other version. Nothing
 * typed is lost. Fields are compared as the form holds them (text, switches), nested objects field by field.
 */
export function rebaseValues<T>(loaded: T, current: T, typed: T): T {
  if (isRecord(loaded) && isRecord(current) && isRecord(typed)) {
    const merged: Record<string, unknown> = {};
    for (const key of Object.keys(typed)) merged[key] = rebaseValues(loaded[key], current[key], typed[key]);
    return merged as T;
  }
  return typed === loaded ? current : typed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
