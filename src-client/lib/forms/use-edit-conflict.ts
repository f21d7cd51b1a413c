import { useRef, useState } from 'react';
import { editConflictCurrent } from './edit-conflict';
import { type RebasableForm, rebaseForm } from './rebase-values';

/** A stored thing an admin form edits (a post, a newsletter draft): saves name the version they change. */
type Versioned = { version: number };

export type TakenOver<Stored, Values> = {
  /** The newer stored version the conflict named; the form now starts from it. */
  current: Stored;
  /** What the form started from before, and what had been typed (rebaseForm). */
  loaded: Values;
  typed: Values;
};

/**
 * The stored version an admin form's values start from, and the take-over when a save meets another admin's
 * change (EDIT_CONFLICT): the form keeps what was typed, takes the other change into every field not typed in
 * (rebaseForm), and the next save names the newer version. `opened` is what the form opened with (null for a
 * new one, which no one else can have changed); `valuesOf` makes a stored version into the form's values.
 * The blog's post form and the newsletter composer share it; each shows EditConflictNotice keyed by
 * `conflictVersion` and says besides what its own kind of change did.
 */
export function useEditConflict<Stored extends Versioned, Values>(
  form: RebasableForm<NoInfer<Values>>,
  opened: Stored | null,
  valuesOf: (stored: Stored) => Values,
) {
  // Read by handlers: a call right after a save ("send" after saving the changes) names the version that
  // save made, before React has rendered again. The state beside it is what the page shows.
  const latest = useRef(opened);
  const [stored, setStored] = useState(opened);
  // The version a take-over moved to, while the notice about it shows.
  const [conflictVersion, setConflictVersion] = useState<number | null>(null);

  function startFrom(next: Stored) {
    latest.current = next;
    setStored(next);
  }

  return {
    /** The stored version the form starts from, as this render shows it. */
    stored,
    /** The same, for a handler that runs right after a save. */
    latest: () => latest.current,
    conflictVersion,
    /**
     * When `error` is another admin's change met by a save: the form's values carried over onto the stored
     * version it names, which becomes the one the next save names; null for any other failure.
     */
    takeOver(error: unknown): TakenOver<Stored, Values> | null {
      const current = latest.current ? editConflictCurrent<Stored>(error) : null;
      if (!current) return null;
      const { loaded, typed } = rebaseForm(form, valuesOf(current));
      startFrom(current);
      setConflictVersion(current.version);
      return { current, loaded, typed };
    },
    /** A save went through: the form now starts from what it stored, and the conflict is settled. */
    saved(next: Stored) {
      startFrom(next);
      setConflictVersion(null);
    },
  };
}
