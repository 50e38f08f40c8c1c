import type { TContactRequest, TContactResult } from '@llk/contracts';
import { api } from '@/lib/api';

// The contact form's one call, loaded on the form's first focus so the API client stays out of
// the page's first load. Field errors come back to the form; the rest are toasted by the caller.

export async function sendContact(body: TContactRequest): Promise<TContactResult> {
  return api.post<TContactResult>('/support/contact', { body, silent: true });
}
