// Types of run-tests.mjs for the test that imports it.
export declare function closingLines(
  reporterOutput: string,
  status: number,
  cwd?: string,
): string[];
export declare function selectTests(
  args: readonly string[],
  all: readonly string[],
): { files: string[]; options: string[]; error?: undefined } | { error: string };
