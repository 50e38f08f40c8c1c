import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../paths';

/** The API's version as released (apps/api/package.json), reported by /health and OpenAPI. */
export const apiVersion: string = (JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version: string }).version;
