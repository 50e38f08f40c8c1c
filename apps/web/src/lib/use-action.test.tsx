import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { useAction } from './use-action';

// useAction(): busy while the work runs, the failure handled as the options say, never twice
// toasted (the API client toasts its own refusals), busy false again at the end.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useAction', () => {
  it('is busy while the work runs and gives back its value', async () => {
    const { result } = renderHook(() => useAction());
    const work = deferred<number>();
    let done: Promise<number | undefined> = Promise.resolve(undefined);
    act(() => {
      done = result.current.run(() => work.promise);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      work.resolve(7);
      await done;
    });
    expect(await done).toBe(7);
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('shows nothing more for a failure by default and resolves to undefined', async () => {
    const error = vi.spyOn(toast, 'error');
    const { result } = renderHook(() => useAction());
    let value: unknown = 'unset';
    await act(async () => {
      value = await result.current.run(() => Promise.reject(new Error('refused')));
    });
    expect(value).toBeUndefined();
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps an inline failure text until the next run starts', async () => {
    const { result } = renderHook(() => useAction());
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('taken')), { inline: (failure) => (failure as Error).message });
    });
    expect(result.current.error).toBe('taken');
    const work = deferred<void>();
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.run(() => work.promise, { inline: () => 'again' });
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      work.resolve();
      await done;
    });
    expect(result.current.error).toBeNull();
  });

  it('toasts the failure text when asked, then calls onError, then after once busy is false', async () => {
    const calls: string[] = [];
    vi.spyOn(toast, 'error').mockImplementation((message) => void calls.push(`toast ${message}`));
    const { result } = renderHook(() => useAction());
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('gone')), {
        toast: (failure) => (failure as Error).message,
        onError: () => calls.push('onError'),
        after: () => void calls.push('after'),
      });
    });
    expect(calls).toEqual(['toast gone', 'onError', 'after']);
    expect(result.current.busy).toBe(false);
  });

  it('hands the failure on with rethrow, busy false again', async () => {
    const { result } = renderHook(() => useAction());
    let caught: unknown;
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('on')), { rethrow: true }).catch((failure: unknown) => (caught = failure));
    });
    expect((caught as Error).message).toBe('on');
    expect(result.current.busy).toBe(false);
  });

  it('stays busy after a success with busyAfterSuccess, not after a failure', async () => {
    const { result } = renderHook(() => useAction());
    await act(async () => {
      await result.current.run(() => Promise.resolve(), { busyAfterSuccess: true });
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('no')), { busyAfterSuccess: true });
    });
    expect(result.current.busy).toBe(false);
  });
});
