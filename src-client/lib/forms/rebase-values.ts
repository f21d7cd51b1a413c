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

/** The parts of a @mantine/form form that carrying it over uses. */
export type RebasableForm<T> = {
  getInitialValues(): T;
  getValues(): T;
  setInitialValues(values: T): void;
  setValues(values: T): void;
};

/**
 * Carries a form over onto `stored`, the version a conflict named (rebaseValues), and makes that the
 * form's starting point, so "changed" now means: differs from it. What the admin left untouched is
 * judged against the values the form itself started from (opened with, or last saved: its dirty
 * reference), not against the older version made into form values again: that would count as typed a
 * post's scheduled moment read again after it passed, or a subject the server trimmed on saving, and
 * put it over the other admin's change. Returns what the form started from and what was typed.
 */
export function rebaseForm<T>(form: RebasableForm<NoInfer<T>>, stored: T): { loaded: T; typed: T } {
  const loaded = form.getInitialValues();
  const typed = form.getValues();
  form.setInitialValues(stored);
  form.setValues(rebaseValues(loaded, stored, typed));
  return { loaded, typed };
}
