import { describe, expect, it } from 'vitest';
import { parseServerAddress } from './address';

describe('the team server’s address', () => {
  it.each([
    ['https://team.example.org', 'https://team.example.org'],
    ['https://team.example.org/', 'https://team.example.org'],
    ['  team.example.org:8443 ', 'https://team.example.org:8443'],
    ['HTTPS://Team.Example.org', 'https://team.example.org'],
    ['http://localhost:8787', 'http://localhost:8787'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
  ])('takes %j as %s', (typed, base) => {
    expect(parseServerAddress(typed)).toEqual({ ok: true, base });
  });

  it.each([
    ['', /Enter the team server’s address/],
    ['http://192.168.1.20:8787', /Plain http:\/\/ sends this device’s key across the network unencrypted: use the server’s https:\/\/ address \(http:\/\/ is allowed only for localhost\)\./],
    ['http://team.example.org', /Plain http:\/\//],
    ['http://localhost.example.org', /Plain http:\/\//],
    ['http://[::1]:8787', /Plain http:\/\//],
    ['ftp://team.example.org', /reached over https:\/\/, not ftp:\/\//],
    ['https://team.example.org/api', /without a path/],
    ['https://team.example.org/?token=x', /without a path/],
    ['https://coach:secret@team.example.org', /Leave the name and password out/],
    ['https://exa mple.org', /is not a web address/],
  ])('refuses %j with the reason', (typed, reason) => {
    const parsed = parseServerAddress(typed);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });
});
