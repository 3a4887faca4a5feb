// The address guard on its own: which addresses a webhook may be posted to, in every form the
// same address can be written in, and what the admin API can tell of a URL before resolving it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddressGuard, parseAllowedRanges } from '../../src/webhooks/address-guard.ts';

describe('webhook address guard', () => {
  const guard = new AddressGuard();

  it('refuses every range that is not the public internet, in its IPv6 forms too', () => {
    for (const address of [
      '127.0.0.1',
      '10.2.3.4',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.5.5',
      '192.168.1.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      // 6to4: 2002:<the IPv4 address>::/48, relayed to that address.
      '2002:a9fe:a9fe::1',
      '2002:7f00:1::',
      '2002:c0a8:101:1::5',
    ]) {
      assert.equal(guard.permits(address), false, address);
    }
  });

  it('permits public addresses, 6to4 of a public one included', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '2002:808:808::1',
    ]) {
      assert.equal(guard.permits(address), true, address);
    }
  });

  it('permits an allowed range, whichever way its address is written', () => {
    const allowing = new AddressGuard(parseAllowedRanges('169.254.0.0/16'));
    assert.equal(allowing.permits('169.254.169.254'), true);
    assert.equal(allowing.permits('2002:a9fe:a9fe::1'), true);
    assert.equal(allowing.permits('10.0.0.1'), false);
  });

  it('judges a URL host before resolving: literals and localhost; other names at each attempt', () => {
    const host = (url: string) => new URL(url).hostname;
    assert.equal(guard.permitsHost(host('http://[::1]:8080/h')), false);
    assert.equal(guard.permitsHost(host('http://0xa9.254.169.254/latest')), false);
    assert.equal(guard.permitsHost(host('http://[2002:a9fe:a9fe::1]/')), false);
    assert.equal(guard.permitsHost(host('http://localhost:3000/')), false);
    assert.equal(guard.permitsHost(host('http://hooks.LOCALHOST./')), false);
    assert.equal(guard.permitsHost(host('https://app.example/hooks')), true);
    assert.equal(guard.permitsHost(host('https://93.184.216.34/hooks')), true);
    const loopback = new AddressGuard(['127.0.0.0/8']);
    assert.equal(loopback.permitsHost(host('http://localhost:3000/')), true);
    assert.equal(loopback.permitsHost(host('http://[::1]:3000/')), false);
  });
});
