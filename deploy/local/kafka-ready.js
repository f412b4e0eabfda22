#!/usr/bin/env node
// Waits until a Kafka cluster really serves requests (not just an open port):
// connects with kafkajs and calls admin.describeCluster() until it answers with
// at least one broker, or the deadline passes.
//
// Usage: node deploy/local/kafka-ready.js [--timeout SECONDS] [--pid PID] [--log FILE]
//   KAFKA_BROKERS        comma-separated host:port list (default 127.0.0.1:9092)
//   KAFKA_READY_TIMEOUT  seconds (default 60); --timeout wins
//   --pid PID            fail fast if this process (the broker we started) dies
//   --log FILE           log whose tail is printed on failure (repeatable)
//
// On success prints one line to stdout and exits 0; on failure prints the
// reason (and the log tail) to stderr and exits 1.
'use strict';

const fs = require('fs');
const { Kafka, logLevel } = require('kafkajs');

function parseArgs(argv) {
  const out = { logs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`missing value for ${a}`);
      return argv[++i];
    };
    if (a === '--timeout') out.timeout = Number(next());
    else if (a === '--pid') out.pid = Number(next());
    else if (a === '--log') out.logs.push(next());
    else throw new Error(`unknown argument: ${a}`);
  }
  return out;
}

function tail(file, lines) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').slice(-lines - 1).join('\n');
  } catch (e) {
    return `(cannot read ${file}: ${e.message})`;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const brokers = (process.env.KAFKA_BROKERS || '127.0.0.1:9092')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const timeoutS = args.timeout || Number(process.env.KAFKA_READY_TIMEOUT || 60);
  const started = Date.now();
  const deadline = started + timeoutS * 1000;

  const fail = (reason) => {
    process.stderr.write(`kafka-ready: ${reason}\n`);
    for (const log of args.logs) {
      process.stderr.write(`---- last lines of ${log} ----\n${tail(log, 40)}\n----\n`);
    }
    process.exit(1);
  };

  let lastError = 'no attempt made';
  let attempt = 0;
  while (Date.now() < deadline) {
    attempt++;
    if (args.pid && !alive(args.pid)) {
      fail(`broker process ${args.pid} exited while waiting for ${brokers.join(',')} (last error: ${lastError})`);
    }
    const kafka = new Kafka({
      clientId: 'kafka-ready',
      brokers,
      logLevel: logLevel.NOTHING,
      connectionTimeout: 1000,
      requestTimeout: 3000,
      retry: { retries: 0 },
    });
    const admin = kafka.admin();
    try {
      await admin.connect();
      const info = await admin.describeCluster();
      if (info.brokers && info.brokers.length > 0) {
        const secs = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(
          `ready at ${brokers.join(',')} (cluster ${info.clusterId}, ${info.brokers.length} broker(s), ` +
            `controller ${info.controller}, waited ${secs}s)\n`,
        );
        await admin.disconnect().catch(() => {});
        return;
      }
      lastError = 'describeCluster returned no brokers';
    } catch (e) {
      lastError = `${e.name}: ${e.message}`;
    }
    await admin.disconnect().catch(() => {});
    await sleep(attempt < 10 ? 300 : 1000);
  }
  fail(`Kafka at ${brokers.join(',')} not ready after ${timeoutS}s (${attempt} attempts; last error: ${lastError})`);
}

main().catch((e) => {
  process.stderr.write(`kafka-ready: ${e.stack || e}\n`);
  process.exit(1);
});
