#!/usr/bin/env node
// The bin only loads the compiled CLI; all logic lives in src/cli.ts.
import { setFlagsFromString } from 'node:v8';

// A build is a short batch: V8's default tier-up sends hundreds of library functions (micromark, shiki,
// React) to its optimising compiler, which spent ~1.1 s of CPU on a cold build of the site, on a machine
// where every core is already busy. Eight times the default budget optimises only the code that runs
// longest: the cold build went from 2.67 s to 2.33 s (medians of 6 interleaved runs), 1,000 pages from
// 3.6 s to 3.3 s; 10,000 pages, which gain most from optimised code, took 4 % longer. V8 reads the budget
// whenever it sets up a function's counters, so setting it before the engine loads covers every thread.
setFlagsFromString('--interrupt-budget=540672');
const { main } = await import('../lib/cli.js');

const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
