// @ts-check
// nginx for the scale-out step: the shipped deploy/nginx/llk.conf.template rendered the way the
// official image's envsubst renders it, inside a top-level configuration of the step's own
// (prefix, pid, temp paths and logs in a temporary folder; never the system's nginx).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `${NAME}` of `vars` substituted; a name the template uses but `vars` lacks is an error. */
export function renderTemplate(/** @type {string} */ text, /** @type {Record<string, string>} */ vars) {
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name) => {
    if (!(name in vars)) throw new Error(`nginx template: no value for \${${name}}`);
    return vars[name] ?? '';
  });
}

/**
 * Writes <dir>/nginx.conf (including the rendered template) and returns the arguments to run it.
 * The access log records which instance answered and every upstream try, for the step's checks.
 * @param {{ root: string, dir: string, site: number, api: number, webPorts: number[], apiPorts: number[] }} options
 */
export function writeNginxConfig({ root, dir, site, api, webPorts, apiPorts }) {
  for (const sub of ['logs', 'temp']) mkdirSync(path.join(dir, sub), { recursive: true });
  const template = readFileSync(path.join(root, 'deploy/nginx/llk.conf.template'), 'utf8');
  const servers = (/** @type {number[]} */ ports) => ports.map((port) => `server 127.0.0.1:${port};`).join(' ');
  const rendered = renderTemplate(template, {
    LLK_SITE_LISTEN: `127.0.0.1:${site}`,
    LLK_API_LISTEN: `127.0.0.1:${api}`,
    LLK_WEB_SERVERS: servers(webPorts),
    LLK_API_SERVERS: servers(apiPorts),
  });
  writeFileSync(path.join(dir, 'llk.conf'), rendered);
  const temp = (/** @type {string} */ name) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs/error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  log_format scaleout '$server_port $status "$upstream_status" "$upstream_addr" $request_method $request_uri';
  access_log ${path.join(dir, 'logs/access.log')} scaleout;
  include ${path.join(dir, 'llk.conf')};
}
`,
  );
  return { args: ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], accessLog: path.join(dir, 'logs/access.log') };
}

/**
 * @typedef {{ port: number, status: number, upstreamStatus: string, upstreamAddr: string, method: string, uri: string }} TAccess
 * @returns {TAccess[]}
 */
export function readAccessLog(/** @type {string} */ file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\d+) (\d+) "([^"]*)" "([^"]*)" (\S+) (\S+)$/.exec(line);
      if (!match) throw new Error(`unexpected access log line: ${line}`);
      return {
        port: Number(match[1]),
        status: Number(match[2]),
        upstreamStatus: match[3] ?? '',
        upstreamAddr: match[4] ?? '',
        method: match[5] ?? '',
        uri: match[6] ?? '',
      };
    });
}
