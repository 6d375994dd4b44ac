#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx tallyboard` works straight after `npm ci`,
// from any folder and installed as a package: tsx reads the project's own
// tsconfig.json, never one in the folder the command is run from.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../app/cli.ts');
