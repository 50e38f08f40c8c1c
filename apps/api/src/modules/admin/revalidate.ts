import { type AppConfig } from '../../config';

// On-demand revalidation (ADR 0019): after a publish, an edit of published content or a price
// change, the API asks the web to regenerate the affected public pages (POST /api/revalidate,
// bearer REVALIDATE_SECRET) instead of waiting for their ISR timer. Called after the change has
// committed; a failure never undoes the change (the pages then refresh on their own timer), it
// is reported in the answer (`revalidateOk`) and logged.

const TIMEOUT_MS = 5000;

export interface Publication {
  revalidated: string[];
  revalidateOk: boolean;
}

export async function requestRevalidation(
  config: AppConfig['backOffice'],
  paths: string[],
  log: { warn: (object: object, message: string) => void },
): Promise<Publication> {
  const unique = [...new Set(paths)];
  if (!config.revalidateSecret) return { revalidated: unique, revalidateOk: false };
  try {
    const response = await fetch(config.revalidateUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.revalidateSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paths: unique }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) log.warn({ status: response.status, paths: unique }, 'revalidation refused by the web');
    return { revalidated: unique, revalidateOk: response.ok };
  } catch (error) {
    log.warn({ err: error, paths: unique }, 'revalidation request failed');
    return { revalidated: unique, revalidateOk: false };
  }
}

/** Public pages that show a news item or promotion: the news list (every page of it) and the item. */
export function newsPaths(publicId: number): string[] {
  return ['/news-1', `/info-${publicId}`];
}
