import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_TOPIC_PREFIXES_FILE, recordRunTopicPrefix, takeRunTopicPrefixes } from './run-topic-prefixes';

describe('the topic prefixes of a test run', () => {
  const saved = process.env[RUN_TOPIC_PREFIXES_FILE];
  afterEach(() => {
    if (saved === undefined) delete process.env[RUN_TOPIC_PREFIXES_FILE];
    else process.env[RUN_TOPIC_PREFIXES_FILE] = saved;
  });

  it('gives back each recorded prefix once, then forgets them', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'prefixes-')), 'run.txt');
    process.env[RUN_TOPIC_PREFIXES_FILE] = file;
    for (const prefix of ['test-a-1234abcd.', 'it-ledger-9f00aa11.', 'test-a-1234abcd.', '']) recordRunTopicPrefix(prefix);

    expect(takeRunTopicPrefixes(file)).toEqual(['test-a-1234abcd.', 'it-ledger-9f00aa11.']);
    expect(existsSync(file)).toBe(false);
    expect(takeRunTopicPrefixes(file)).toEqual([]);
  });
});
