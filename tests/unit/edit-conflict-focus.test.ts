import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusConflictNotice, NOTICE_FOCUS_SETTLE_MS } from '@client/lib/forms/edit-conflict';

// The edit-conflict notice takes focus when it appears (a screen reader reads it first). A send that met
// another admin's save closes the send confirmation in the same moment, and the dialog gives focus back
// to its opener ("Newsletter senden") 10 ms later (Mantine's useFocusReturn): the notice must end up with it.

type FakeElement = { focus(): void; contains(node: unknown): boolean; isConnected: boolean; ownerDocument: { activeElement: unknown } };

/** A page with the notice (holding the "Trotzdem speichern" button) and the send button, tracking focus. */
function page() {
  const document = { activeElement: null as unknown };
  const element = (inside: unknown[] = []): FakeElement => {
    const self: FakeElement = {
      focus: () => {
        document.activeElement = self;
      },
      contains: (node) => node === self || inside.includes(node),
      isConnected: true,
      ownerDocument: document,
    };
    return self;
  };
  const saveAnyway = element();
  const notice = element([saveAnyway]);
  const sendButton = element();
  return { document, notice, saveAnyway, sendButton };
}

describe('focusConflictNotice', () => {
  afterEach(() => vi.useRealTimers());

  it('has focus after a closing dialog gave it back to its opener', () => {
    vi.useFakeTimers();
    const { document, notice, sendButton } = page();
    focusConflictNotice(notice as unknown as HTMLElement);
    expect(document.activeElement).toBe(notice);
    // The dialog's focus return, 10 ms after it closed.
    vi.advanceTimersByTime(10);
    sendButton.focus();
    vi.advanceTimersByTime(NOTICE_FOCUS_SETTLE_MS);
    expect(document.activeElement).toBe(notice);
  });

  it('leaves focus inside the notice where the admin put it', () => {
    vi.useFakeTimers();
    const { document, notice, saveAnyway } = page();
    focusConflictNotice(notice as unknown as HTMLElement);
    saveAnyway.focus();
    vi.advanceTimersByTime(NOTICE_FOCUS_SETTLE_MS);
    expect(document.activeElement).toBe(saveAnyway);
  });

  it('does nothing more once the notice is gone (its clean-up, or the form closed)', () => {
    vi.useFakeTimers();
    const { document, notice, sendButton } = page();
    const cleanUp = focusConflictNotice(notice as unknown as HTMLElement);
    sendButton.focus();
    cleanUp();
    vi.advanceTimersByTime(NOTICE_FOCUS_SETTLE_MS);
    expect(document.activeElement).toBe(sendButton);
  });
});
