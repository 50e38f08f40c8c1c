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

/** The configuration's slice this reads (config.backOffice). */
export interface RevalidationConfig {
  revalidateSecret: string | undefined;
  revalidateUrls: string[];
}

export async function requestRevalidation(
  config: RevalidationConfig,
  paths: string[],
  log: { warn: (object: object, message: string) => void },
): Promise<Publication> {
  const unique = [...new Set(paths)];
  if (!config.revalidateSecret) return { revalidated: unique, revalidateOk: false };
  // every web instance keeps its own page cache: each is asked, and all must agree
  const answers = await Promise.all(config.revalidateUrls.map((url) => askOne(url, config.revalidateSecret ?? '', unique, log)));
  return { revalidated: unique, revalidateOk: answers.every(Boolean) };
}

async function askOne(
  url: string,
  secret: string,
  paths: string[],
  log: { warn: (object: object, message: string) => void },
): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paths }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) log.warn({ status: response.status, url, paths }, 'revalidation refused by the web');
    return response.ok;
  } catch (error) {
    log.warn({ err: error, url, paths }, 'revalidation request failed');
    return false;
  }
}
