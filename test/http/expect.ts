// Assertions shared by the HTTP suites: problem bodies and schema conformance.
import assert from 'node:assert/strict';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ProblemCode } from '../../src/serving/problems.ts';
import { PROBLEMS } from '../../src/serving/problems.ts';
import { ProblemSchema } from '../../src/serving/schemas.ts';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id: string;
  invalid_params?: Array<{ name: string; in: string; reason: string }>;
  required_product?: string;
}

/** Checks that the body follows the schema, naming the first mismatch. */
export function assertSchema(schema: TSchema, body: unknown): void {
  const error = Value.Errors(schema, body).First();
  assert.equal(error, undefined, error && `${error.path}: ${error.message}`);
}

/** Checks status, media type, RFC 9457 members, the request id in body and header; returns the body. */
export async function expectProblem(response: Response, code: ProblemCode): Promise<ProblemBody> {
  const text = await response.text();
  assert.equal(response.status, PROBLEMS[code].status, text);
  assert.equal(response.headers.get('content-type'), 'application/problem+json');
  const body = JSON.parse(text) as ProblemBody;
  assertSchema(ProblemSchema, body);
  assert.equal(body.code, code);
  assert.equal(body.status, PROBLEMS[code].status);
  assert.equal(body.title, PROBLEMS[code].title);
  assert.equal(body.type, `/docs#problem-${code.replaceAll('_', '-')}`);
  assert.ok(body.detail.length > 0);
  assert.equal(body.request_id, response.headers.get('x-request-id'));
  return body;
}

/** A 400 naming exactly this parameter. */
export async function expectInvalidParam(
  response: Response,
  name: string,
  where: 'path' | 'query',
): Promise<ProblemBody> {
  const body = await expectProblem(response, 'invalid_parameter');
  assert.deepEqual(
    body.invalid_params?.map((p) => [p.name, p.in]),
    [[name, where]],
  );
  assert.match(body.detail, new RegExp(`^${name} `));
  return body;
}
