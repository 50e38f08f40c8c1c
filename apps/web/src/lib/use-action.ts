'use client';

import { useCallback, useState } from 'react';
import { toast } from './toast';

/**
 * How a run of useAction() ends. The API client has already toasted an answer with errcode ≠ 0
 * (unless the call was `silent`), so by default a failure shows nothing more; never toast such a
 * failure again.
 */
export interface TActionOptions {
  /** The failure's text becomes `error`, shown beside the form; cleared when the run starts. */
  inline?: (failure: unknown) => string;
  /** The failure's text is toasted (failures the API client did not toast). */
  toast?: (failure: unknown) => string;
  /** The caller's own handling of the failure (after `inline` and `toast`). */
  onError?: (failure: unknown) => void;
  /** The failure goes on to the caller after this handling (run rejects with it). */
  rethrow?: boolean;
  /** Runs once busy is false again, after success or failure (e.g. reload the list). */
  after?: () => void | Promise<void>;
  /** Stay busy after a success: the form is about to go away (it navigates or closes). */
  busyAfterSuccess?: boolean;
}

export interface TAction {
  /** True while a run is in flight: the control shows aria-disabled / disabled. */
  busy: boolean;
  setBusy: (busy: boolean) => void;
  /** The last failure's text, when runs use `inline`. */
  error: string | null;
  setError: (error: string | null) => void;
  /** Runs `work` as busy; resolves to its value, or undefined when it failed (rejects only with `rethrow`). */
  run: <T>(work: () => Promise<T>, options?: TActionOptions) => Promise<T | undefined>;
}

/**
 * The one shape of a button's or form's call: busy while it runs, the failure handled as the
 * options say, busy again false at the end. Callers keep their own `if (busy) return` guard.
 */
export function useAction(): TAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T>(work: () => Promise<T>, options: TActionOptions = {}): Promise<T | undefined> => {
    setBusy(true);
    if (options.inline) setError(null);
    let succeeded = false;
    try {
      const value = await work();
      succeeded = true;
      return value;
    } catch (failure) {
      if (options.inline) setError(options.inline(failure));
      if (options.toast) toast.error(options.toast(failure));
      options.onError?.(failure);
      if (options.rethrow) throw failure;
      return undefined;
    } finally {
      if (!(succeeded && options.busyAfterSuccess)) setBusy(false);
      await options.after?.();
    }
  }, []);
  return { busy, setBusy, error, setError, run };
}
