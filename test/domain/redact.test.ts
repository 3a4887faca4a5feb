// Secrets taken out of messages in every form a platform may echo them in: as typed,
// percent-encoded (either hex case), form-encoded with '+', HTML-escaped, JSON-escaped. The
// link failures the admin API and the connect page show go through it (linkProblem).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REDACTED, redactSecrets } from '../../src/domain/redact.ts';
import { linkProblem, linkSecrets } from '../../src/http/admin/routes/common.ts';
import { HttpProblem } from '../../src/serving/problems.ts';
import { PlatformError } from '../../src/platforms/connector.ts';

const SECRET = `s3cret pass&"'/+é%<x>`;

/** Each form a platform's error page may echo the secret in. */
const ECHOED_FORMS: ReadonlyArray<[string, string]> = [
  ['as typed', SECRET],
  ['encodeURIComponent', encodeURIComponent(SECRET)],
  [
    'encodeURIComponent, lower-case hex',
    encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
  ],
  ['encodeURI', encodeURI(SECRET)],
  ['form-encoded with +', new URLSearchParams({ p: SECRET }).toString().slice(2)],
  [
    'HTML-escaped (&#39;)',
    SECRET.replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;'),
  ],
  [
    'HTML-escaped (&#x27;)',
    SECRET.replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#x27;'),
  ],
  [
    'HTML-escaped, quotes kept',
    SECRET.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
  ],
  ['JSON-escaped', JSON.stringify(SECRET).slice(1, -1)],
];

test('every echoed form of a secret is redacted, and the rest of the message kept', () => {
  for (const [why, form] of ECHOED_FORMS) {
    const shown = redactSecrets(`login refused for password=${form}; try again`, [SECRET]);
    assert.equal(shown, `login refused for password=${REDACTED}; try again`, why);
  }
});

test('several secrets, repeated; an empty secret or none leaves the text alone', () => {
  assert.equal(
    redactSecrets('a=AAAA b=BB%2FB a=AAAA', ['AAAA', 'BB/B']),
    `a=${REDACTED} b=${REDACTED} a=${REDACTED}`,
  );
  assert.equal(redactSecrets('Invalid Password', ['']), 'Invalid Password');
  assert.equal(redactSecrets('Invalid Password', []), 'Invalid Password');
  assert.equal(redactSecrets('a.b*c', ['.*']), 'a.b*c', 'a secret is text, not a pattern');
});

test("linkProblem takes the request's credentials and code out of the shown message", () => {
  const request = { credentials: { espn_s2: SECRET, swid: '{SWID-VALUE}' }, code: 'oauth-code-1' };
  for (const [why, form] of ECHOED_FORMS) {
    for (const error of [
      new PlatformError('espn', `ESPN answered 500: <p>cookie ${form}</p>`, 'unavailable'),
      new PlatformError('espn', `refused ${form} and {SWID-VALUE}`, 'credentials_rejected'),
      new PlatformError('yahoo', `code oauth-code-1 echoed with ${form}`, 'invalid_response'),
    ]) {
      const problem = linkProblem(error, linkSecrets(request));
      assert.ok(problem instanceof HttpProblem, why);
      for (const [, any] of ECHOED_FORMS)
        assert.ok(!problem.detail.includes(any), `${why}: ${problem.detail}`);
      assert.ok(!problem.detail.includes('SWID-VALUE'));
      assert.ok(!problem.detail.includes('oauth-code-1'));
      assert.ok(problem.detail.includes(REDACTED));
    }
  }
});
