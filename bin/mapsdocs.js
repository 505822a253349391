#!/usr/bin/env node
// The bin only loads the compiled CLI; all logic lives in src/cli.ts.
import { main } from '../lib/cli.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
