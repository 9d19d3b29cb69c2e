import { describe, expect, it } from 'vitest';
import {
  checkHost,
  classifyAddress,
  guardedLookup,
  isRefusedAddress,
  RefusedAddress,
  refusedLiteral,
} from './guard.js';

const classes = (list: string[]) => Object.fromEntries(list.map((a) => [a, classifyAddress(a)]));
const all = (list: string[], c: string) => Object.fromEntries(list.map((a) => [a, c]));

describe('address classes', () => {
  it('plain IPv4 and IPv6 ranges', () => {
    const unsafe = ['0.0.0.0', '169.254.169.254', '100.100.100.200', '224.0.0.1', '255.255.255.255', '::', 'fe80::1'];
    const priv = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '198.18.0.1', '::1', 'fd00::1'];
    expect(classes([...unsafe, 'fd00:ec2::254', 'ff02::1', 'fe80::1%eth0'])).toEqual(
      all([...unsafe, 'fd00:ec2::254', 'ff02::1', 'fe80::1%eth0'], 'unsafe'),
    );
    expect(classes([...priv, 'fec0::1'])).toEqual(all([...priv, 'fec0::1'], 'private'));
    const pub = ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2001:db8::1'];
    expect(classes(pub)).toEqual(all(pub, 'public'));
  });

  it('anything but an address literal is unsafe', () => {
    for (const a of ['localhost', '127.1', '0x7f000001', '', '[::1]', '1.2.3.4.5'])
      expect(classifyAddress(a), a).toBe('unsafe');
  });

  it('IPv4-mapped, -translated and -compatible IPv6 addresses are their IPv4 address', () => {
    expect(
      classes([
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '::FFFF:10.0.0.1',
        '::ffff:0:127.0.0.1',
        '::127.0.0.1',
        '::a00:1',
        '::ffff:169.254.169.254',
        '::ffff:a9fe:a9fe',
        '::169.254.169.254',
        '::ffff:0:a9fe:a9fe',
        '::ffff:8.8.8.8',
        '::8.8.8.8',
      ]),
    ).toEqual({
      '::ffff:127.0.0.1': 'private',
      '::ffff:7f00:1': 'private',
      '::FFFF:10.0.0.1': 'private',
      '::ffff:0:127.0.0.1': 'private',
      '::127.0.0.1': 'private',
      '::a00:1': 'private',
      '::ffff:169.254.169.254': 'unsafe',
      '::ffff:a9fe:a9fe': 'unsafe',
      '::169.254.169.254': 'unsafe',
      '::ffff:0:a9fe:a9fe': 'unsafe',
      '::ffff:8.8.8.8': 'public',
      '::8.8.8.8': 'public',
    });
  });

  it('NAT64 (64:ff9b::/96) addresses are their IPv4 address', () => {
    expect(
      classes([
        '64:ff9b::127.0.0.1',
        '64:ff9b::7f00:1',
        '64:ff9b::10.1.2.3',
        '64:ff9b::c0a8:101',
        '64:ff9b::169.254.169.254',
        '64:ff9b::a9fe:a9fe',
        '64:ff9b::100.100.100.200',
        '64:ff9b::8.8.8.8',
      ]),
    ).toEqual({
      '64:ff9b::127.0.0.1': 'private',
      '64:ff9b::7f00:1': 'private',
      '64:ff9b::10.1.2.3': 'private',
      '64:ff9b::c0a8:101': 'private',
      '64:ff9b::169.254.169.254': 'unsafe',
      '64:ff9b::a9fe:a9fe': 'unsafe',
      '64:ff9b::100.100.100.200': 'unsafe',
      '64:ff9b::8.8.8.8': 'public',
    });
  });

  it('the local-use NAT64 prefix 64:ff9b:1::/48 is private, unsafe where any RFC 6052 layout reads unsafe', () => {
    expect(
      classes([
        '64:ff9b:1::808:808',
        '64:ff9b:1::8.8.8.8',
        '64:ff9b:1::127.0.0.1',
        '64:ff9b:1::169.254.169.254',
        '64:ff9b:1:a9fe:a9:fe00::',
        '64:ff9b:1:a9:fe:a9fe::',
        '64:ff9b:1::a9:fea9:fe00:0',
        '64:ff9b:1::e000:1',
      ]),
    ).toEqual({
      '64:ff9b:1::808:808': 'private',
      '64:ff9b:1::8.8.8.8': 'private',
      '64:ff9b:1::127.0.0.1': 'private',
      '64:ff9b:1::169.254.169.254': 'unsafe',
      '64:ff9b:1:a9fe:a9:fe00::': 'unsafe',
      '64:ff9b:1:a9:fe:a9fe::': 'unsafe',
      '64:ff9b:1::a9:fea9:fe00:0': 'unsafe',
      '64:ff9b:1::e000:1': 'unsafe',
    });
  });

  it('6to4 (2002::/16) addresses are their IPv4 address', () => {
    expect(
      classes([
        '2002:7f00:1::',
        '2002:7f00:0001:1::1',
        '2002:a00:1::1',
        '2002:c0a8:101::',
        '2002:a9fe:a9fe::1',
        '2002:6464:64c8::',
        '2002:0:0::1',
        '2002:808:808::1',
      ]),
    ).toEqual({
      '2002:7f00:1::': 'private',
      '2002:7f00:0001:1::1': 'private',
      '2002:a00:1::1': 'private',
      '2002:c0a8:101::': 'private',
      '2002:a9fe:a9fe::1': 'unsafe',
      '2002:6464:64c8::': 'unsafe',
      '2002:0:0::1': 'unsafe',
      '2002:808:808::1': 'public',
    });
  });
});

describe('reach', () => {
  it('public refuses private and unsafe; private refuses unsafe; any refuses nothing', () => {
    const row = (a: string) => (['public', 'private', 'any'] as const).map((r) => isRefusedAddress(a, r));
    expect(row('8.8.8.8')).toEqual([false, false, false]);
    expect(row('2002:a00:1::1')).toEqual([true, false, false]);
    expect(row('64:ff9b::7f00:1')).toEqual([true, false, false]);
    expect(row('64:ff9b::a9fe:a9fe')).toEqual([true, true, false]);
    expect(row('::ffff:a9fe:a9fe')).toEqual([true, true, false]);
    expect(row('localhost')).toEqual([true, true, true]);
  });

  it('refuses address literals in URLs however they are spelled', () => {
    for (const raw of [
      'http://[::ffff:127.0.0.1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[2002:7f00:1::]:8080/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://127.1/',
    ])
      expect(refusedLiteral(new URL(raw), 'public'), raw).toBe(true);
    expect(refusedLiteral(new URL('http://[64:ff9b::a9fe:a9fe]/'), 'private')).toBe(true);
    expect(refusedLiteral(new URL('http://[64:ff9b::808:808]/'), 'public')).toBe(false);
    expect(refusedLiteral(new URL('http://example.com/'), 'public')).toBe(false);
  });

  it('checks hosts when saved and at connect time', async () => {
    expect(await checkHost('[64:ff9b::a9fe:a9fe]', 'private')).toBe('refused');
    expect(await checkHost('2002:A00:1::1', 'public')).toBe('refused');
    expect(await checkHost('2002:A00:1::1', 'private')).toBe('ok');
    expect(await checkHost('LOCALHOST.', 'public')).toBe('refused');
    const error = await new Promise((resolve) => guardedLookup('public')('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(RefusedAddress);
  });
});
