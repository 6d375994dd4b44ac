#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx tallyboard` works straight after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import('../app/cli.ts');
