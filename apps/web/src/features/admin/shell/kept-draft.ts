import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Unsaved console edits by form, kept in memory while the console runs in this tab (never stored). */
const drafts = new Map<string, FieldValues>();

/** After a save: nothing of the form is left to keep. */
export function forgetDraft(key: string): void {
  drafts.delete(key);
}

/** Asks before the tab is closed, reloaded or sent elsewhere while `dirty`. */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only with a return value set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}

/**
 * Keeps a form's unsaved edits when it goes away (another settings tab, another console page) and
 * gives them back when it returns, still unsaved against the saved values; warns before leaving the
 * site with them.
 */
export function useKeptDraft<V extends FieldValues>(form: UseFormReturn<V>, key: string): void {
  const { isDirty } = form.formState;
  const latest = useRef({ isDirty, form });
  latest.current = { isDirty, form };
  useEffect(() => {
    const kept = drafts.get(key);
    if (kept) form.reset(kept as V, { keepDefaultValues: true });
    return () => {
      const now = latest.current;
      if (now.isDirty) drafts.set(key, now.form.getValues());
      else drafts.delete(key);
    };
  }, [key, form]);
  useLeaveWarning(isDirty);
}
