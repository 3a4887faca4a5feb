// The JSON body of an admin request: application/json, at most 64 KB, parsed; an empty body is {}.
import type { IncomingMessage } from 'node:http';
import { HttpProblem } from '../../serving/problems.ts';

export const MAX_BODY_BYTES = 64 * 1024;

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpProblem(
      'unsupported_media_type',
      'admin request bodies are JSON: send Content-Type: application/json',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Never echo the body: it may hold cookies or a password.
    throw new HttpProblem('invalid_body', 'the body is not valid JSON', {
      invalid_params: [{ name: 'body', in: 'body', reason: 'not valid JSON' }],
    });
  }
}

function tooLarge(): HttpProblem {
  return new HttpProblem(
    'payload_too_large',
    `the body is over ${MAX_BODY_BYTES / 1024} KB`,
    {},
    {
      Connection: 'close',
    },
  );
}
