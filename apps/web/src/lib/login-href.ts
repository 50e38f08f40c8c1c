/** The path and query of the current page, as the redirectUrl of the log-in page. */
export function loginHref(loginPath: string, currentPath: string, currentSearch: string): string {
  const params = new URLSearchParams(currentSearch);
  params.delete('redirectUrl');
  const back = `${currentPath}${params.size > 0 ? `?${params.toString()}` : ''}`;
  return `${loginPath}?${new URLSearchParams({ redirectUrl: back }).toString()}`;
}
