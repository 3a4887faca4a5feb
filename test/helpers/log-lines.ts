// A logger whose lines a test reads back, parsed (one write may carry several lines: the request
// lines of one event-loop turn).
import { createLogger } from '../../src/logger.ts';
import type { Logger } from '../../src/logger.ts';

export function captureLogLines(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'info',
    destination: {
      write: (text: string) => {
        for (const line of text.split('\n')) if (line !== '') lines.push(JSON.parse(line));
      },
    },
  });
  return { logger, lines };
}
