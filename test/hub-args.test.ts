// What `tallyboard hub` and `tallyboard boards` take from a command line and a
// config file: a mistake is one plain line and exit 2 (a UsageError) before
// anything connects, never a stack trace from the MQTT client nor a setting
// that is taken and then does nothing (hostile round 27).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHubArgs } from '../hub/hub';
import { parseBoardsArgs } from '../sim/boards';
import { UsageError, isTopicFilter } from '../lib/command-line';

const dir = mkdtempSync(join(tmpdir(), 'hub-args-'));
/** The hub's options from a config file of these settings (and a broker). */
function config(settings: object): string[] {
  const file = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ mqtt: 'mqtt://127.0.0.1:1883', ...settings }));
  return ['--config', file];
}
function refused(parse: () => unknown, words: RegExp): void {
  assert.throws(parse, (e: unknown) => e instanceof UsageError && words.test(e.message), String(words));
}

describe('hub and boards: their command lines and config', () => {
  it('a broker address the MQTT client cannot use is refused, naming where it was given', () => {
    for (const url of ['mqtt://127.0.0.1:99999', 'mqtt://[::1', 'mqtt://a:b:c', 'mqtt://127.0.0.1:0', 'nope://x', 'mqtt://']) {
      refused(() => parseHubArgs(['--mqtt', url]), /^--mqtt: .* is not a broker address/);
      refused(() => parseBoardsArgs(['--mqtt', url]), /^--mqtt: .* is not a broker address/);
    }
    refused(() => parseHubArgs(config({ mqtt: 'mqtt://h:70000' })), /: mqtt: mqtt:\/\/h:70000 is not a broker address/);
    for (const url of ['mqtt://127.0.0.1', 'mqtts://broker.example:8883', 'ws://[::1]:9001', 'wss://h/mqtt']) assert.equal(parseHubArgs(['--mqtt', url]).mqtt, url);
  });

  it('settings taken and then doing nothing are refused: a topic filter MQTT refuses, a silent time that is no number, a room no broker takes, a board keyed twice', () => {
    refused(() => parseHubArgs(config({ topics: ['/ble/advertise/#', 'a/#/b'] })), /topics must be a list of MQTT topic filters/);
    for (const silentAfter of [true, [5], '5', 0]) refused(() => parseHubArgs(config({ silentAfter })), /silentAfter must be a number of seconds above 0/);
    refused(() => parseHubArgs(['--mqtt', 'mqtt://h', '--silent-after', '0x10']), /--silent-after must be a number/);
    assert.equal(parseHubArgs(['--mqtt', 'mqtt://h', '--silent-after', '2.5']).silentAfterMs, 2500);
    assert.equal(parseHubArgs(config({ silentAfter: 45 })).silentAfterMs, 45000);
    refused(() => parseHubArgs(config({ room: 'a\u0000b' })), /a room name has no spaces/);
    refused(() => parseHubArgs(['--mqtt', 'mqtt://h', '--room', 'x'.repeat(65)]), /at most 64 characters/);
    refused(() => parseHubArgs(config({ keys: { 'F0:A1:00:00:00:01': '00112233445566778899aabbccddeeff', f0a100000001: 'ffeeddccbbaa99887766554433221100' } })), /given a key already/);
    assert.deepEqual(['a/#', '+/b', '#', 'a/+/c', '/ble/advertise/#'].map(isTopicFilter), [true, true, true, true, true]);
    assert.deepEqual(['a/#/b', 'a#', 'a/b+', '', 'a\u0000'].map(isTopicFilter), [false, false, false, false, false]);
  });

  it("boards: a prefix no topic may hold (a wildcard) is refused; EspruinoHub's is taken", () => {
    for (const prefix of ['a/#', '+', 'x/+/y']) refused(() => parseBoardsArgs(['--mqtt', 'mqtt://h', '--prefix', prefix]), /--prefix: .* is no MQTT topic/);
    assert.equal(parseBoardsArgs(['--mqtt', 'mqtt://h', '--prefix', '/ble']).prefix, '/ble');
  });
});
